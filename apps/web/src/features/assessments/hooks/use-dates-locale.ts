import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** dayjs's name for each interface language (Filipino is Tagalog as spoken in the Philippines). */
const LOADERS: Record<string, () => Promise<unknown>> = {
  id: () => import('dayjs/locale/id.js'),
  ms: () => import('dayjs/locale/ms.js'),
  vi: () => import('dayjs/locale/vi.js'),
  sw: () => import('dayjs/locale/sw.js'),
  fil: () => import('dayjs/locale/tl-ph.js'),
  my: () => import('dayjs/locale/my.js'),
  th: () => import('dayjs/locale/th.js'),
  ne: () => import('dayjs/locale/ne.js'),
  km: () => import('dayjs/locale/km.js'),
  zh: () => import('dayjs/locale/zh-cn.js'),
  bn: () => import('dayjs/locale/bn.js'),
};
const DAYJS_NAME: Record<string, string> = { fil: 'tl-ph', zh: 'zh-cn' };

/**
 * The dayjs locale for the calendar pickers in the interface language (month and weekday names),
 * loaded on demand; English until it has loaded.
 */
export function useDatesLocale(): string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [loaded, setLoaded] = useState<string>('en');
  useEffect(() => {
    const load = LOADERS[language];
    if (!load) {
      setLoaded('en');
      return;
    }
    let current = true;
    load()
      .then(() => {
        if (current) setLoaded(DAYJS_NAME[language] ?? language);
      })
      .catch(() => {
        // The calendar stays in English rather than failing.
      });
    return () => {
      current = false;
    };
  }, [language]);
  return dayjs.Ls[loaded] ? loaded : 'en';
}

/** The browser's time zone and its current offset, e.g. 'Asia/Jakarta (GMT+7)'. */
export function browserTimeZone(locale?: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = new Intl.DateTimeFormat(locale, { timeZoneName: 'shortOffset' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset && zone ? `${zone} (${offset})` : (zone ?? offset ?? 'UTC');
}
