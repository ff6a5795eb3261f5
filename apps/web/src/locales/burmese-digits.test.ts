import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney, intlLocale } from '@vbuilder/shared';
import { SHARED_LOCALES_DIR, flattenCatalog, loadNamespace, namespacesOf } from '../../../../i18n/catalogs.ts';
import { formatListPrice } from '../features/landing/lib/list-price.ts';
import { formatPercent, formatPoints } from '../features/submissions/lib/numbers.ts';
import { formatBytes, formatDate, formatDateTime } from '../lib/format.ts';

/*
 * Burmese is written with one digit system on every screen and document: Latin digits (0–9).
 * A browser without Burmese locale data (Chromium's trimmed ICU) can only write those, the
 * catalogs write them, and the server's mail and PDFs follow (apps/api/src/i18n). Node has full
 * ICU, whose Burmese default is Myanmar digits (၀–၉): these checks would see them.
 */

const BURMESE_DIGIT = /[\u1040-\u1049]/;
const here = path.dirname(new URL(import.meta.url).pathname);
const DIRS = [here, path.resolve(here, '../../../api/src/locales'), SHARED_LOCALES_DIR];

describe('Burmese digits', () => {
  afterEach(() => vi.restoreAllMocks());

  it('Intl itself would write Myanmar digits for Burmese; vbuilder asks it for Latin ones', () => {
    expect(new Intl.NumberFormat('my').format(2026)).toMatch(BURMESE_DIGIT);
    expect(new Intl.NumberFormat(intlLocale('my')).format(2026)).toBe('2,026');
    expect(intlLocale('th')).toBe('th');
  });

  it('the catalogs (web and server) write Latin digits in Burmese', () => {
    const found = DIRS.flatMap((dir) =>
      namespacesOf(dir, 'my').flatMap((ns) =>
        Object.entries(flattenCatalog(loadNamespace(dir, 'my', ns)!))
          .filter(([, text]) => BURMESE_DIGIT.test(text))
          .map(([key, text]) => `${ns}: ${key} ${text}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('numbers, money, percentages and sizes on screen use Latin digits', () => {
    const texts = [
      formatPercent(85.5, 'my'),
      formatPoints(12.5, 'my'),
      formatBytes(2_500_000, 'my'),
      formatMoney({ amountMinor: 129000, currency: 'USD' }, 'my'),
      formatListPrice(4900, 'USD', 'my'),
    ];
    expect(texts[0]).toBe('85.5%');
    for (const text of texts) expect(text).not.toMatch(BURMESE_DIGIT);
  });

  it('dates use Latin digits, from Intl and from the tables of a browser without Burmese data', () => {
    const iso = '2026-11-25T03:30:00Z';
    const fromIntl = [formatDate(iso, 'my', 'Asia/Yangon'), formatDateTime(iso, 'my', 'Asia/Yangon')];
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    const fromTables = [formatDate(iso, 'my', 'Asia/Yangon'), formatDateTime(iso, 'my', 'Asia/Yangon')];
    expect(fromTables).toEqual(fromIntl);
    expect(fromTables[0]).toBe('2026 နို 25');
    for (const text of [...fromIntl, ...fromTables]) expect(text).not.toMatch(BURMESE_DIGIT);
  });
});
