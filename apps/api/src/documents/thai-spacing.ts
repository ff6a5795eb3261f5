/**
 * Thai typesetting puts a space between Thai and a run of Latin letters or digits ('คะแนน 85',
 * 'แบบทดสอบ Algebra 1'), though Thai words themselves run together. A document's words are often
 * joined with values at run time ('สำหรับการผ่าน{assessment}ด้วยคะแนน', the title in English), so
 * the document writer adds the space wherever Thai touches Latin or a digit. The baht sign (฿)
 * is not a letter: '฿100' stays as it is. The catalogs keep the same rule for their own words
 * (i18n/spacing.ts).
 */
const THAI = '\\u0e01-\\u0e3a\\u0e40-\\u0e5b';
const BOUNDARY = new RegExp(`([${THAI}])(?=[A-Za-z0-9])|([A-Za-z0-9])(?=[${THAI}])`, 'g');

export const spaceThaiRuns = (text: string): string => text.replace(BOUNDARY, '$1$2 ');
