import { LIMITS } from '@vbuilder/shared';
import { translatorFor, type TFunction } from '../../i18n/index.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { renderMail } from '../mail/templates.ts';

/** `&lng=bn`: the page a mail's link opens is shown in the recipient's language (the web reads `lng`). */
export const languageParam = (language?: string | null) =>
  language ? `&lng=${encodeURIComponent(language)}` : '';

/** The SPA pages the links open (SPEC §2 public routes), in the recipient's language when given. */
export const activationLink = (baseUrl: string, token: string, language?: string | null) =>
  `${baseUrl}/activate_account?token=${encodeURIComponent(token)}${languageParam(language)}`;
export const resetLink = (baseUrl: string, token: string, language?: string | null) =>
  `${baseUrl}/resetpassword?token=${encodeURIComponent(token)}${languageParam(language)}`;

/** Who a mail goes to; `language` is the stored one (English when unknown). */
export interface MailRecipient {
  email: string;
  name: string;
  language?: string | null | undefined;
}

/** "Hello Ada," in the recipient's language, or the nameless greeting. */
export const greeting = (t: TFunction, name: string) =>
  name.trim() ? t('mail:greeting', { name: name.trim() }) : t('mail:greetingNoName');

const recipient = (to: MailRecipient) => {
  const language = to.language ?? 'en';
  return { language, t: translatorFor(language) };
};

export const activationMail = (to: MailRecipient, link: string): MailMessage => {
  const { language, t } = recipient(to);
  return renderMail({
    to: to.email,
    language,
    subject: t('mail:activation.subject'),
    greeting: greeting(t, to.name),
    paragraphs: [t('mail:activation.intro')],
    action: { label: t('mail:activation.action'), url: link },
    after: [t('mail:linkExpires', { count: LIMITS.activationLinkHours }), t('mail:activation.ignore')],
  });
};

/** To the owner of an existing account when someone signs up again with its email. */
export const signUpAttemptMail = (to: MailRecipient, link: string | null): MailMessage => {
  const { language, t } = recipient(to);
  return renderMail({
    to: to.email,
    language,
    subject: t('mail:signUpAttempt.subject'),
    greeting: greeting(t, to.name),
    paragraphs: [
      t('mail:signUpAttempt.intro'),
      link ? t('mail:signUpAttempt.forgot') : t('mail:signUpAttempt.deactivated'),
    ],
    ...(link ? { action: { label: t('mail:signUpAttempt.action'), url: link } } : {}),
    after: [
      ...(link ? [t('mail:linkExpires', { count: LIMITS.resetLinkHours })] : []),
      t('mail:signUpAttempt.ignore'),
    ],
  });
};

export const resetPasswordMail = (to: MailRecipient, link: string): MailMessage => {
  const { language, t } = recipient(to);
  return renderMail({
    to: to.email,
    language,
    subject: t('mail:reset.subject'),
    greeting: greeting(t, to.name),
    paragraphs: [t('mail:reset.intro')],
    action: { label: t('mail:reset.action'), url: link },
    after: [t('mail:linkExpires', { count: LIMITS.resetLinkHours }), t('mail:reset.ignore')],
  });
};
