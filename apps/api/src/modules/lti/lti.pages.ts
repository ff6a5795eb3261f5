import { escapeHtml } from '@vbuilder/shared';
import { textDirection, translatorFor } from '../../i18n/index.ts';

/**
 * The two pages the LTI endpoints render themselves, in the visitor's language, inside the
 * platform's frame or window: a launch that was refused, and a finished dynamic registration
 * (which tells the platform to close its dialog, Dynamic Registration 1.0 §3.7, through a
 * same-origin script: the Content-Security-Policy allows no inline script).
 */
export const CLOSE_SCRIPT_PATH = '/api/lti/close.js';
export const CLOSE_SCRIPT = `(window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*');\n`;

const STYLE = `
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f8f9fa;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #212529; }
  main { width: min(460px, calc(100vw - 32px)); box-sizing: border-box; padding: 32px; background: #fff;
    border: 1px solid #dee2e6; border-radius: 8px; text-align: center; }
  h1 { font-size: 1.25rem; margin: 0 0 12px; }
  p { margin: 0 0 12px; line-height: 1.5; color: #495057; overflow-wrap: anywhere; }
  p.detail { font-size: .875rem; color: #6c757d; }
`;

function page(language: string, title: string, body: string, head = ''): string {
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

/** A launch that failed a check: what to do, and the check's name for the platform's support. */
export function launchRefusedPage(language: string, reason: string): string {
  const t = translatorFor(language);
  return page(
    language,
    t('lti:refused.title'),
    `<h1>${escapeHtml(t('lti:refused.title'))}</h1>
<p>${escapeHtml(t('lti:refused.body'))}</p>
<p class="detail">${escapeHtml(t('lti:refused.detail', { reason }))}</p>`,
  );
}

/** Dynamic registration finished (or failed): the platform's dialog is told to close when it succeeded. */
export function registrationPage(
  language: string,
  outcome: { ok: true; platform: string } | { ok: false; reason: string },
): string {
  const t = translatorFor(language);
  if (outcome.ok)
    return page(
      language,
      t('lti:registered.title'),
      `<h1>${escapeHtml(t('lti:registered.title'))}</h1>
<p>${escapeHtml(t('lti:registered.body', { platform: outcome.platform }))}</p>`,
      `<script src="${CLOSE_SCRIPT_PATH}" defer></script>`,
    );
  return page(
    language,
    t('lti:registrationFailed.title'),
    `<h1>${escapeHtml(t('lti:registrationFailed.title'))}</h1>
<p>${escapeHtml(t('lti:registrationFailed.body'))}</p>
<p class="detail">${escapeHtml(t('lti:refused.detail', { reason: outcome.reason }))}</p>`,
  );
}
