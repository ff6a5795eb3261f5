import { escapeHtml } from '@vbuilder/shared';
import { page } from '../../identity/pages.ts';
import { translatorFor } from '../../i18n/index.ts';

/**
 * The two pages the LTI endpoints render themselves, in the visitor's language, inside the
 * platform's frame or window: a launch that was refused, and a finished dynamic registration
 * (which tells the platform to close its dialog, Dynamic Registration 1.0 §3.7, through a
 * same-origin script: the Content-Security-Policy allows no inline script).
 */
export const CLOSE_SCRIPT_PATH = '/api/lti/close.js';
export const CLOSE_SCRIPT = `(window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*');\n`;

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
