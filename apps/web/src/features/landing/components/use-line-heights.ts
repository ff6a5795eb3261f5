import { useTranslation } from 'react-i18next';

/** Scripts that stack marks above and below the line: Latin line heights clip or crowd them. */
const TALL_SCRIPTS = new Set(['my', 'km']);

/** Line heights of the landing page's headings and running text for the current language. */
export function useLineHeights(): { heading: number; body: number } {
  const { i18n } = useTranslation();
  const tall = TALL_SCRIPTS.has(i18n.language);
  return { heading: tall ? 1.5 : 1.2, body: tall ? 1.9 : 1.6 };
}
