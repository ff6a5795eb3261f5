import { translatorFor, textDirection, type TFunction } from '../../i18n/index.ts';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from '@vbuilder/shared';

export interface MailContent {
  to: string;
  /** The recipient's language: the fixed lines (button fallback, sign-off), `lang` and `dir`. Default English. */
  language?: string;
  subject: string;
  greeting: string;
  /** Plain sentences; HTML-escaped in the HTML part. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Sentences after the button, e.g. when the link expires or what to do if this was not you. */
  after?: string[];
}

/**
 * One mail in plain text and simple HTML (inline styles only, as mail clients ignore style
 * sheets). The link is also printed in full so it works where buttons do not.
 */
export function renderMail(content: MailContent): MailMessage {
  const { action, after = [] } = content;
  const language = content.language ?? 'en';
  const t = translatorFor(language);
  const signOff = t('mail:signOff');
  const fallback = t('mail:buttonFallback');
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    signOff,
  ].join('\n');

  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#228be6;color:#ffffff;` +
      `padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block;font-weight:600">` +
      `${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(fallback)}` +
      `<br><a href="${escapeHtml(action.url)}" style="color:#1c7ed6;word-break:break-all">` +
      `${escapeHtml(action.url)}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="${escapeHtml(language)}" dir="${textDirection(language)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">` +
    p(content.greeting) +
    content.paragraphs.map(p).join('') +
    button +
    after.map(p).join('') +
    `<p style="margin:24px 0 0;color:#555">${escapeHtml(signOff)}</p>` +
    `</div></body></html>`;

  return { to: content.to, subject: content.subject, text, html };
}

/** `&lng=bn`: the page a mail's link opens is shown in the recipient's language (the web reads `lng`). */
export const languageParam = (language?: string | null) =>
  language ? `&lng=${encodeURIComponent(language)}` : '';

/** Who a mail goes to; `language` is the stored one (English when unknown). */
export interface MailRecipient {
  email: string;
  name: string;
  language?: string | null | undefined;
}

/** "Hello Ada," in the recipient's language, or the nameless greeting. */
const greeting = (t: TFunction, name: string) =>
  name.trim() ? t('mail:greeting', { name: name.trim() }) : t('mail:greetingNoName');

/**
 * A mail to this recipient in their language (English when unknown), greeting them by name;
 * `content` writes the rest with the recipient's `t`.
 */
export function mailTo(
  to: MailRecipient,
  content: (t: TFunction) => Omit<MailContent, 'to' | 'language' | 'greeting'>,
): MailMessage {
  const language = to.language ?? 'en';
  const t = translatorFor(language);
  return renderMail({ to: to.email, language, greeting: greeting(t, to.name), ...content(t) });
}
