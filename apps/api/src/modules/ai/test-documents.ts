import JSZip from 'jszip';

/**
 * Tiny real documents for the source-extraction tests, built here rather than kept as binary
 * fixtures: a one-page PDF with Helvetica text, and a DOCX (a ZIP with the three parts Word needs).
 */

/** A valid PDF whose single page shows each line (shared with the web's end-to-end journeys). */
export { makePdf } from '../../../../../test-support/pdf-document.ts';

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A valid DOCX with one paragraph per item of `paragraphs`. */
export async function makeDocx(paragraphs: string[]): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      paragraphs
        .map((p) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`)
        .join('') +
      '</w:body></w:document>',
  );
  return zip.generateAsync({ type: 'uint8array' });
}

/** A ZIP that is not a Word document. */
export async function makeZip(): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('notes.txt', 'not a document');
  return zip.generateAsync({ type: 'uint8array' });
}

/** A multipart/form-data body with one file, for app.inject. */
export function multipartBody(
  field: string,
  name: string,
  bytes: Uint8Array,
  type = 'application/octet-stream',
) {
  const boundary = `----vbuilder${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
