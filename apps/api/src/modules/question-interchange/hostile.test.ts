import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  InterchangeFileError,
  importQuestions,
  detectFormat,
  INTERCHANGE_LIMITS,
  type Format,
} from './index.ts';
import { writeZip } from './zip.ts';

const text = (name: string, value: string) => ({ name, bytes: new TextEncoder().encode(value) });

function failure(run: () => unknown): InterchangeFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof InterchangeFileError) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

const refuse = (file: { name: string; bytes: Uint8Array }, format?: Format) =>
  failure(() => importQuestions(file, { locale: 'en', ...(format ? { format } : {}) }));

describe('hostile XML is refused before anything is read', () => {
  it('an external entity (XXE)', () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE quiz [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<quiz><question type="essay"><name><text>&xxe;</text></name></question></quiz>`;
    const error = refuse(text('xxe.xml', xxe), 'moodle');
    expect(error.kind).toBe('hostile');
    expect(error.message).not.toContain('root:');
  });

  it('billion laughs', () => {
    const entities = Array.from(
      { length: 10 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join('\n');
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE quiz [<!ENTITY lol0 "lol">\n${entities}]>\n<quiz>&lol10;</quiz>`;
    expect(refuse(text('lol.xml', bomb), 'moodle').kind).toBe('hostile');
    expect(refuse(text('lol.xml', bomb.replace('quiz', 'qti-assessment-item')), 'qti3').kind).toBe('hostile');
    expect(refuse(text('lol.xml', bomb.replace(/quiz/g, 'qti-assessment-item'))).kind).toBe('hostile');
  });

  it('an entity declared anywhere, and an undeclared entity in a document with only an external DTD name', () => {
    expect(refuse(text('e.xml', '<quiz><!ENTITY x "y"></quiz>'), 'moodle').kind).toBe('hostile');
    const external = refuse(
      text('e.xml', '<!DOCTYPE quiz SYSTEM "http://example.invalid/x.dtd">\n<quiz>&x;</quiz>'),
      'moodle',
    );
    expect(external.kind).toBe('malformed');
    expect(external.at).toBe('line 2');
  });

  it('an internal subset with an entity next to element declarations, or a parameter entity reference', () => {
    const withEntity = `<!DOCTYPE quiz [\n<!ELEMENT quiz ANY>\n<!ENTITY x SYSTEM "file:///etc/passwd">\n]>\n<quiz>&x;</quiz>`;
    expect(refuse(text('e.xml', withEntity), 'moodle').kind).toBe('hostile');
    expect(refuse(text('e.xml', withEntity)).kind).toBe('hostile');
    const parameter = `<!DOCTYPE quiz [\n<!ELEMENT quiz ANY>\n%remote;\n]>\n<quiz/>`;
    expect(refuse(text('e.xml', parameter), 'moodle').kind).toBe('hostile');
    expect(refuse(text('e.xml', parameter)).kind).toBe('hostile');
    const inAttlist = `<!DOCTYPE quiz [\n<!ATTLIST quiz a CDATA "%x;">\n]>\n<quiz/>`;
    expect(refuse(text('e.xml', inAttlist), 'moodle').kind).toBe('hostile');
  });
});

describe('hostile packages are refused', () => {
  const item = new TextEncoder().encode(
    '<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="a" title="a"><itemBody/></assessmentItem>',
  );

  it.each(['../escape.xml', '/etc/item.xml', 'a/../../escape.xml', 'C:/item.xml', '..\\escape.xml'])(
    'an entry at %s',
    (name) => {
      const zip = zipSync({ [name]: item, 'ok.xml': item });
      const error = refuse({ name: 'p.zip', bytes: zip }, 'qti2');
      expect(error.kind).toBe('hostile');
    },
  );

  it('an entry that inflates far beyond its size (zip bomb), format given or not', () => {
    const zeros = new Uint8Array(4 * 1024 * 1024);
    const zip = writeZip(new Map([['item.xml', zeros]]));
    expect(zip.length).toBeLessThan(zeros.length / INTERCHANGE_LIMITS.zipRatio);
    expect(refuse({ name: 'bomb.zip', bytes: zip }, 'qti2').kind).toBe('hostile');
    expect(refuse({ name: 'bomb.zip', bytes: zip }).kind).toBe('hostile');
    expect(detectFormat({ name: 'bomb.zip', bytes: zip })).toBeNull();
  });

  it('sizes that lie: a central directory claiming more than the cap unpacked', () => {
    const zip = writeZip(new Map([['item.xml', item]]));
    // Patch the central directory's uncompressed size (offset 24 of its header) to 300 MB.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    let central = -1;
    for (let i = zip.length - 22; i >= 0; i--)
      if (view.getUint32(i, true) === 0x02014b50) {
        central = i;
        break;
      }
    expect(central).toBeGreaterThan(0);
    view.setUint32(central + 24, 300 * 1024 * 1024, true);
    expect(refuse({ name: 'lie.zip', bytes: zip }, 'qti2').kind).toBe('hostile');
  });

  it('too many entries', () => {
    const files = new Map<string, Uint8Array>();
    for (let i = 0; i <= INTERCHANGE_LIMITS.zipEntries; i++) files.set(`f${i}.txt`, new Uint8Array(1));
    expect(refuse({ name: 'many.zip', bytes: writeZip(files) }, 'qti2').kind).toBe('tooLarge');
  });

  it('a file over the size cap, whatever its content', () => {
    const big = new Uint8Array(INTERCHANGE_LIMITS.fileBytes + 1);
    expect(refuse({ name: 'big.gift', bytes: big }, 'gift').kind).toBe('tooLarge');
    expect(detectFormat({ name: 'big.gift', bytes: big })).toBeNull();
  });
});

describe('malformed files name the line or element at fault', () => {
  it('Moodle XML that is not well-formed: the line', () => {
    const error = refuse(
      text('bad.xml', '<quiz>\n<question type="essay">\n<name><text>x</name>\n</quiz>'),
      'moodle',
    );
    expect(error).toMatchObject({ kind: 'malformed', at: 'line 3' });
  });

  it('Moodle XML with a bad value: the element path', () => {
    const xml =
      '<quiz><question type="essay"/><question type="multichoice"><answer fraction="lots"><text>a</text></answer></question></quiz>';
    expect(refuse(text('bad.xml', xml), 'moodle')).toMatchObject({
      kind: 'malformed',
      at: 'quiz/question[2]/answer',
    });
    expect(refuse(text('bad.xml', '<quiz><question><name/></question></quiz>'), 'moodle').at).toBe(
      'quiz/question',
    );
  });

  it('GIFT with nothing readable: an answer block left open, a numeric answer that is not a number, a title left open', () => {
    expect(refuse(text('a.gift', '// comment\nFirst? {=yes ~no\n\nSecond? {=yes ~no\n')).at).toBe('line 2');
    expect(refuse(text('a.gift', 'How many? {#many}'), 'gift')).toMatchObject({
      kind: 'malformed',
      at: 'line 1',
    });
    expect(refuse(text('a.gift', '\n\n::Title without end Question {T}'), 'gift').at).toBe('line 3');
    expect(refuse(text('a.gift', 'Two blocks {T} and {F}'), 'gift').at).toBe('line 1');
  });

  it('Aiken with nothing readable: no answer line, an answer that is not an option, options out of order', () => {
    expect(refuse(text('a.txt', 'Q?\nA. x\nB. y\n'), 'aiken')).toMatchObject({
      kind: 'malformed',
      at: 'line 1',
    });
    expect(refuse(text('a.txt', 'Q?\nA. x\nB. y\nANSWER: D\n'), 'aiken').at).toBe('line 4');
    expect(refuse(text('a.txt', 'Q?\nA. x\nC. y\nANSWER: A\n'), 'aiken').at).toBe('line 3');
  });

  it('QTI: an item without a body (element), a document of another kind', () => {
    const noBody =
      '<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="x" title="x"/>';
    expect(refuse(text('i.xml', noBody), 'qti3')).toMatchObject({
      kind: 'malformed',
      at: 'qti-assessment-item',
    });
    expect(refuse(text('i.xml', '<html/>'), 'qti3')).toMatchObject({ kind: 'malformed', at: 'html' });
  });

  it('a zip that is not one', () => {
    expect(refuse({ name: 'x.zip', bytes: new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9]) }, 'qti3').kind).toBe(
      'malformed',
    );
  });

  it('a file of no known format, with none given', () => {
    expect(refuse(text('notes.txt', 'Some notes.')).kind).toBe('unknownFormat');
  });
});
