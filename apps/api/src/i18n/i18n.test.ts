import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@vbuilder/shared';
import { completenessProblems, flattenCatalog, loadNamespace } from '../../../../i18n/catalogs.ts';
import { spacingProblems } from '../../../../i18n/spacing.ts';
import {
  LOCALES_DIR,
  NAMESPACES,
  SHARED_LOCALES_DIR,
  bestAcceptedLanguage,
  formatDate,
  formatDateTime,
  formatNumber,
  languageFromRequest,
  translatorFor,
  validTimeZone,
} from './index.ts';

describe('server translation catalogs', () => {
  it('has a folder for each of the 12 languages and no other', () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  // English included: its own texts must not be empty either.
  it.each(LANGUAGE_CODES)('%s has every key of English, non-empty, with the same placeholders', (lng) => {
    expect(completenessProblems(LOCALES_DIR, lng)).toEqual([]);
    expect(completenessProblems(SHARED_LOCALES_DIR, lng)).toEqual([]);
  });

  it('reads the catalogs both apps share (the question types) beside its own', () => {
    expect(NAMESPACES).toContain('questionTypes');
    expect(translatorFor('en')('questionTypes:types.essay.label')).toBe('Essay Questions');
  });
});

describe('spacing in the server catalogs', () => {
  for (const lng of LANGUAGE_CODES) {
    it(`${lng}: no stray spaces`, () => {
      const problems = NAMESPACES.flatMap((ns) =>
        spacingProblems(
          lng,
          ns,
          Object.entries(
            flattenCatalog(
              loadNamespace(LOCALES_DIR, lng, ns) ?? loadNamespace(SHARED_LOCALES_DIR, lng, ns) ?? {},
            ),
          ),
        ),
      );
      expect(problems).toEqual([]);
    });
  }
});

describe('translatorFor', () => {
  it('translates in the fixed language and falls back to English', () => {
    expect(translatorFor('th')('errors:forbidden')).not.toBe(translatorFor('en')('errors:forbidden'));
    expect(translatorFor('bn')('common:roles.Student')).toBe('শিক্ষার্থী');
    expect(translatorFor('xx' as never)('common:roles.Student')).toBe('Student');
  });
});

describe('languageFromRequest', () => {
  const req = (headers: Record<string, string>, language?: string) => ({
    headers,
    ...(language ? { actor: { language } } : {}),
  });

  it("prefers the signed-in user's language, then the cookie, then Accept-Language, then English", () => {
    const headers = { cookie: 'a=1; vbuilder_lang=km', 'accept-language': 'th-TH,th;q=0.9' };
    expect(languageFromRequest(req(headers, 'bn'))).toBe('bn');
    expect(languageFromRequest(req(headers))).toBe('km');
    expect(languageFromRequest(req({ 'accept-language': 'th-TH,th;q=0.9' }))).toBe('th');
    expect(languageFromRequest(req({ cookie: 'vbuilder_lang=xx', 'accept-language': 'de' }))).toBe('en');
    expect(languageFromRequest(req({}))).toBe('en');
  });

  it('picks the best Accept-Language match among the 12', () => {
    expect(bestAcceptedLanguage('de-DE, fr;q=0.9, my;q=0.5, zh-CN;q=0.8')).toBe('zh');
    expect(bestAcceptedLanguage('tl-PH')).toBe('fil');
    expect(bestAcceptedLanguage('ne-NP;q=0.2, sw-KE;q=0.3')).toBe('sw');
    expect(bestAcceptedLanguage('*')).toBeNull();
  });
});

describe('locale formatters', () => {
  const when = new Date('2026-03-05T14:07:00Z');

  it('writes dates in the reader’s locale, script and time zone', () => {
    expect(formatDateTime(when, 'th', 'Asia/Bangkok')).toBe('5 มี.ค. 2569 21:07');
    expect(formatDateTime(when, 'bn', 'Asia/Dhaka')).toContain('৫ মার্চ, ২০২৬');
    expect(formatDateTime(when, 'ne', 'Asia/Kathmandu')).toContain('२०२६');
    expect(formatDateTime(when, 'my', 'Asia/Yangon')).toContain('2026');
    expect(formatDateTime(when, 'zh', 'Asia/Shanghai')).toBe('2026年3月5日 22:07');
    expect(formatDate(when, 'en', 'UTC')).toBe('Mar 5, 2026');
  });

  it('writes Khmer dates with Khmer month names and a 24-hour clock, not AM/PM', () => {
    const text = formatDateTime(when, 'km', 'Asia/Phnom_Penh');
    expect(text).toContain('មីនា');
    expect(text).toContain('21:07');
    expect(text).not.toMatch(/AM|PM/);
  });

  it('falls back to UTC for a missing or invalid time zone', () => {
    expect(validTimeZone('Mars/Olympus')).toBe('UTC');
    expect(validTimeZone(undefined)).toBe('UTC');
    expect(validTimeZone('Asia/Bangkok')).toBe('Asia/Bangkok');
    expect(formatDateTime(when, 'en', 'not a zone')).toBe(formatDateTime(when, 'en', 'UTC'));
  });

  it('formats numbers with the reader’s digits', () => {
    expect(formatNumber(1234.5, 'bn')).toBe('১,২৩৪.৫');
    expect(formatNumber(1234.5, 'id')).toBe('1.234,5');
  });

  it('writes Burmese with Latin digits everywhere, as the screens and the catalogs do', () => {
    const burmeseDigit = /[\u1040-\u1049]/;
    const texts = [
      formatNumber(1234.5, 'my'),
      formatNumber(0.855, 'my', { style: 'percent', maximumFractionDigits: 1 }),
      formatDate(when, 'my', 'Asia/Yangon'),
      formatDateTime(when, 'my', 'Asia/Yangon'),
      // '{{count, number}}' in a catalog's text.
      translatorFor('my')('billing:mail.allowance', { count: 1500 }),
    ];
    expect(texts[0]).toBe('1,234.5');
    expect(texts[4]).toContain('1,500');
    for (const text of texts) expect(text).not.toMatch(burmeseDigit);
  });
});
