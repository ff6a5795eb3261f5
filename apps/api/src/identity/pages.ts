import { textDirection, translatorFor } from '../i18n/index.ts';
import { escapeHtml } from '@vbuilder/shared';

/**
 * The few HTML pages the identity provider renders itself (everything else is the SPA). They hold
 * no inline script: our Content-Security-Policy allows scripts from our origin only, so the logout
 * page loads AUTO_SUBMIT_SCRIPT_PATH, a same-origin file, to submit its form. They are written in
 * the visitor's language: the picker's cookie, else Accept-Language (languageFromHeaders).
 */

/** Served by plugins/oidc.ts; outside /oidc so the provider never sees it. */
export const AUTO_SUBMIT_SCRIPT_PATH = '/signin/auto-submit.js';

/** Submits the form marked data-auto-submit as soon as the page is parsed (the script is deferred). */
export const AUTO_SUBMIT_SCRIPT = `document.querySelectorAll('form[data-auto-submit]').forEach(function (f) { f.submit(); });\n`;

const STYLE = `
  :root { color-scheme: light; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f8f9fa;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #212529; }
  main { width: min(420px, calc(100vw - 32px)); box-sizing: border-box; padding: 32px; background: #fff;
    border: 1px solid #dee2e6; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.06); text-align: center; }
  h1 { font-size: 1.25rem; margin: 0 0 12px; }
  p { margin: 0 0 20px; line-height: 1.5; color: #495057; overflow-wrap: anywhere; }
  button, a.button { display: inline-block; font: inherit; font-weight: 600; padding: 10px 20px; border: 0;
    border-radius: 4px; background: #1971c2; color: #fff; text-decoration: none; cursor: pointer; }
  button:hover, a.button:hover { background: #1864ab; }
  button:focus-visible, a.button:focus-visible { outline: 2px solid #0b3d6e; outline-offset: 2px; }
  p.detail { font-size: .875rem; color: #6c757d; }
`;

/**
 * A server-rendered page in vbuilder's look: the identity provider's pages and the LTI endpoints'
 * (modules/lti/lti.pages.ts). `head` adds tags such as a same-origin script.
 */
export function page(language: string, title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(language)}" dir="${textDirection(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · vbuilder</title>
<style>${STYLE}</style>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/**
 * The end-session page. `form` is oidc-provider's confirmation form (id "op.logoutForm", carrying
 * its anti-forgery token); the inputs outside it join it through their form attribute. The script
 * submits it at once, so users never see a "do you want to sign out?" question; without
 * JavaScript the button does the same. Written in the visitor's language (cookie, Accept-Language).
 */
export function logoutPage(form: string, language = 'en'): string {
  const t = translatorFor(language);
  const marked = form.replace('<form ', '<form data-auto-submit ');
  return page(
    language,
    t('identity:logout.title'),
    `<h1>${escapeHtml(t('identity:logout.heading'))}</h1>
<p>${escapeHtml(t('identity:logout.body'))}</p>
${marked}
<input type="hidden" form="op.logoutForm" name="logout" value="yes">
<button type="submit" form="op.logoutForm">${escapeHtml(t('identity:logout.button'))}</button>`,
    `<script src="${AUTO_SUBMIT_SCRIPT_PATH}" defer></script>`,
  );
}

/**
 * The provider's error page in the visitor's language: a translated explanation, the OAuth error
 * description (English, from the provider; never a stack or internals) as a technical detail, and
 * a way back to the application.
 */
export function errorPage(
  out: { error?: unknown; error_description?: unknown },
  homeUrl: string,
  language = 'en',
): string {
  const t = translatorFor(language);
  const technical =
    out.error === 'server_error' ? null : String(out.error_description ?? out.error ?? '').trim() || null;
  return page(
    language,
    t('identity:error.title'),
    `<h1>${escapeHtml(t('identity:error.heading'))}</h1>
<p>${escapeHtml(out.error === 'server_error' ? t('identity:error.serverError') : t('identity:error.generic'))}</p>
${
  technical
    ? `<p class="detail">${escapeHtml(t('identity:error.detail'))} <span lang="en">${escapeHtml(technical)}</span></p>
`
    : ''
}<a class="button" href="${escapeHtml(homeUrl)}">${escapeHtml(t('identity:error.back'))}</a>`,
  );
}
