/**
 * The spacing rules of every catalog, web and server (i18n/README.md): stray spaces at either end
 * of a text, doubled, before punctuation, invisible ones (no-break, zero-width), and in Chinese any
 * space between Chinese text and Latin letters, digits or an interpolation (the value is often
 * Chinese itself: "升级{{packageName}}套餐").
 */

const CJK = '[\\u4e00-\\u9fff\\u3000-\\u303f\\uff00-\\uffef]';
export const SPACING_RULES: { name: string; pattern: RegExp; languages?: readonly string[] }[] = [
  { name: 'space at the start or end', pattern: /^\s|\s$/ },
  { name: 'two spaces in a row', pattern: / {2}/ },
  { name: 'tab, line break or invisible space', pattern: /[\t\n\r\u00a0\u200b\u2007\u202f\u3000\ufeff]/ },
  // '(for example .pdf)' keeps its space: a dot that starts a word is not punctuation.
  { name: 'space before punctuation', pattern: / [,.:;!?)](?![\w*])| [。，：；！？、）」។៖။၊]/ },
  { name: 'space after full-width punctuation', pattern: /[。，：；！？、（「] /, languages: ['zh'] },
  // The Royal Institute's rule: ไม้ยมก stands apart from the word it repeats (ใด ๆ, not ใดๆ).
  { name: 'ๆ without a space before it', pattern: /\Sๆ/, languages: ['th'] },
  // Thai typesetting spaces Latin words and numbers off from Thai (the PDFs do the same for values).
  {
    name: 'Thai touching Latin letters or digits',
    pattern: /[\u0e01-\u0e3a\u0e40-\u0e5b][A-Za-z0-9]|[A-Za-z0-9][\u0e01-\u0e3a\u0e40-\u0e5b]/,
    languages: ['th'],
  },
  {
    name: 'space between Chinese and Latin, digits or {{…}}',
    pattern: new RegExp(`${CJK} +[!-~]|[!-~] +${CJK}`),
    languages: ['zh'],
  },
];

/** Each problem as 'lng/ns: key — rule: "text"'. */
export function spacingProblems(lng: string, ns: string, entries: [string, string][]): string[] {
  return entries.flatMap(([key, text]) =>
    SPACING_RULES.filter(
      (rule) => (!rule.languages || rule.languages.includes(lng)) && rule.pattern.test(text),
    ).map((rule) => `${lng}/${ns}: ${key} — ${rule.name}: ${JSON.stringify(text)}`),
  );
}
