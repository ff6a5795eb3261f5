import { CERTIFICATE_PLACEHOLDERS, type CertificatePlaceholder } from '@vbuilder/shared';

export { CERTIFICATE_PLACEHOLDERS };

/** What a placeholder is written as in the body: {student}. */
export const token = (name: CertificatePlaceholder) => `{${name}}`;

/** `text` with `insert` put in place of the selection [start, end), and where the caret goes after it. */
export function insertAt(text: string, insert: string, start: number, end: number) {
  const before = text.slice(0, start);
  const after = text.slice(end);
  return { text: `${before}${insert}${after}`, caret: start + insert.length };
}
