import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAMILY_IDS, QUESTION_TYPES, getQuestionType } from '@vbuilder/shared';
import { describe, expect, it } from 'vitest';
import { collectQti3Exports } from '../../test/qti3-xsd.ts';
import { CONVERTERS } from './families/registry.ts';
import { EXPORT_FORMATS, exportQuestions, importQuestions, type ExportFormat } from './index.ts';
import { PNG_DATA_URL, sampleFor, samplesFor } from './test-fixtures.ts';
import { readZip } from './zip.ts';

const GOLDEN = fileURLToPath(new URL('./golden/', import.meta.url));
const CONVERTER_FORMAT = { qti3: 'qti', moodle: 'moodle', gift: 'gift', aiken: 'aiken' } as const;
/** Every QTI 3.0 package written here is validated against 1EdTech's schemas after the file. */
const qti3 = collectQti3Exports();

/** Round trips per family and format: export → import gives the same question (ids aside). */
describe.each(EXPORT_FORMATS)('round trip through %s', (format: ExportFormat) => {
  for (const family of FAMILY_IDS) {
    const types = QUESTION_TYPES.filter((t) => t.family === family).map((t) => t.id);
    const carried = types.filter((t) => sampleFor(t, format) !== null);
    if (CONVERTERS[family][CONVERTER_FORMAT[format]] === null) {
      it(`${family}: not carried, every type listed as not exportable`, async () => {
        const questions = types.map((type) => ({
          id: `x-${type}`,
          type,
          text: 'Q',
          score: 1,
          config: sampleFor(type, 'qti3')?.config ?? {},
        }));
        const result = await exportQuestions(questions, format, { locale: 'en' });
        expect(result.notExportable.map((n) => [n.questionId, n.reason.code])).toEqual(
          questions.map((q) => [q.id, 'typeNotCarried']),
        );
      });
      continue;
    }
    it(`${family}: ${carried.length} type(s) come back equal`, async () => {
      expect(carried.length).toBeGreaterThan(0);
      const questions = carried.map((t) => sampleFor(t, format)!);
      const exported = await exportQuestions(questions, format, { locale: 'en', title: 'Round trip' });
      expect(exported.notExportable).toEqual([]);
      if (format === 'qti3') qti3.add(exported.bytes, `round trip ${family}`);
      const imported = importQuestions({ name: exported.fileName, bytes: exported.bytes }, { locale: 'en' });
      expect(imported.format).toBe(format);
      expect(imported.skipped).toEqual([]);
      expect(imported.questions).toHaveLength(questions.length);
      imported.questions.forEach((got, i) => {
        const { id: _id, category, tags, imageUrl, ...want } = questions[i]!;
        expect(got.question).toEqual({ ...want, imageUrl: null });
        expect(got.warnings).toEqual([]);
        if (format !== 'aiken') expect(got.category).toEqual(category);
        if (format === 'moodle' || format === 'gift') expect(got.tags).toEqual(tags);
        if (imageUrl) {
          expect(got.media).toHaveLength(1);
          expect(got.media[0]!.target).toEqual({ kind: 'question' });
          expect(Buffer.from(got.media[0]!.bytes).toString('base64')).toBe(PNG_DATA_URL.split(',')[1]);
        } else expect(got.media).toEqual([]);
      });
    });
  }
});

describe('option images', () => {
  it.each(['moodle', 'qti3'] as const)('come back from %s as media for their option', async (format) => {
    const sample = sampleFor('image-based', format)!;
    const config = sample.config as { options: { id: string; imageUrl: string | null }[] };
    const question = {
      ...sample,
      config: {
        ...config,
        options: config.options.map((o) => (o.id === 'b' ? { ...o, imageUrl: PNG_DATA_URL } : o)),
      },
    };
    const exported = await exportQuestions([question], format);
    expect(exported.notExportable).toEqual([]);
    if (format === 'qti3') qti3.add(exported.bytes, 'option images');
    const [got] = importQuestions(
      { name: exported.fileName, bytes: exported.bytes },
      { locale: 'en' },
    ).questions;
    expect(got!.question.config).toEqual(config);
    expect(got!.media.map((m) => m.target)).toEqual([
      { kind: 'question' },
      { kind: 'option', optionId: 'b' },
    ]);
    expect(got!.media.map((m) => m.contentType)).toEqual(['image/png', 'image/png']);
  });
});

describe('export lists what a format cannot hold', () => {
  it('Aiken refuses multiple answers and images; GIFT refuses stored images it cannot embed', async () => {
    const multiple = { ...sampleFor('multiple-choice', 'moodle')!, id: 'm' };
    const withImage = { ...sampleFor('multiple-choice', 'aiken')!, id: 'i', imageUrl: PNG_DATA_URL };
    const aiken = await exportQuestions([multiple, withImage], 'aiken', { locale: 'en' });
    expect(aiken.notExportable.map((n) => [n.questionId, n.reason.code])).toEqual([
      ['m', 'notInFormat'],
      ['i', 'imageNotCarried'],
    ]);
    const gift = await exportQuestions([{ ...multiple, imageUrl: '/api/question-images/x.png' }], 'gift', {
      locale: 'vi',
    });
    expect(gift.notExportable[0]!.reason).toMatchObject({
      code: 'imageNotCarried',
      message: 'Định dạng này không chứa được hình ảnh.',
    });
  });

  it('a stored image is loaded through loadImage, and one that cannot be is reported', async () => {
    const question = { ...sampleFor('image-based', 'moodle')!, imageUrl: '/api/question-images/cell.png' };
    const loaded = await exportQuestions([question], 'moodle', {
      loadImage: async (url) =>
        url.endsWith('cell.png')
          ? { bytes: new Uint8Array([1, 2, 3]), contentType: 'image/png', name: 'cell.png' }
          : null,
    });
    expect(new TextDecoder().decode(loaded.bytes)).toContain(
      '<file name="cell.png" path="/" encoding="base64">AQID</file>',
    );
    const missing = await exportQuestions([question], 'qti3', { loadImage: async () => null });
    expect(missing.notExportable[0]!.reason.code).toBe('imageUnavailable');
  });

  it('a stored question that breaks its rules is listed, not written', async () => {
    const broken = {
      ...sampleFor('matching-pairs', 'moodle')!,
      id: 'b',
      config: { pairs: [], distractors: [] },
    };
    const result = await exportQuestions([broken], 'moodle');
    expect(result.notExportable).toEqual([
      {
        questionId: 'b',
        reason: expect.objectContaining({
          code: 'doesNotFit',
          params: { rule: 'config.pairs: questions.errors.pairsTooFew' },
        }),
      },
    ]);
  });

  it('crosswords go nowhere', async () => {
    const crossword = {
      id: 'c',
      type: 'crosswords-and-puzzles' as const,
      text: 'Solve it.',
      score: 1,
      config: { entries: [], layout: { rows: 0, cols: 0, placements: [] } },
    };
    for (const format of EXPORT_FORMATS) {
      const result = await exportQuestions([crossword], format);
      expect(result.notExportable).toEqual([
        {
          questionId: 'c',
          reason: expect.objectContaining({
            code: 'typeNotCarried',
            params: { type: 'crosswords-and-puzzles' },
          }),
        },
      ]);
    }
  });
});

/** Golden files: what each format writes for every sample. UPDATE_GOLDEN=1 rewrites them. */
describe('exports match their golden files', () => {
  const check = (name: string, actual: string) => {
    const file = path.join(GOLDEN, name);
    if (process.env.UPDATE_GOLDEN === '1') {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, actual);
    }
    expect(existsSync(file), `${name} is missing: run with UPDATE_GOLDEN=1`).toBe(true);
    expect(actual).toBe(readFileSync(file, 'utf8'));
  };
  it.each(['moodle', 'gift', 'aiken'] as const)('%s', async (format) => {
    const result = await exportQuestions(samplesFor(format), format, { title: 'Samples' });
    check(
      `samples.${format === 'moodle' ? 'moodle.xml' : `${format}.txt`}`,
      new TextDecoder().decode(result.bytes),
    );
  });
  it('qti3 package', async () => {
    const result = await exportQuestions(samplesFor('qti3'), 'qti3', { title: 'Samples' });
    qti3.add(result.bytes, 'golden samples');
    const files = readZip(result.bytes);
    for (const [name, bytes] of files) {
      if (name.endsWith('.xml')) check(`qti3/${name}`, new TextDecoder().decode(bytes));
    }
    expect([...files.keys()].filter((n) => n.startsWith('items/media/'))).toHaveLength(1);
    expect(getQuestionType('image-based').withImage).toBe(true);
  });
});
