import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_CODES } from '@vbuilder/shared';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../i18n/index.ts';
import { REASON_CODES, detectFormat, firstWords, importQuestions, type ImportResult } from './index.ts';
import { writeZip } from './zip.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const file = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(path.join(FIXTURES, name))) });

/** A fixture folder as a zip package (the folder is the package's content, checked in readable). */
export function packageOf(dir: string): { name: string; bytes: Uint8Array } {
  const files = new Map<string, Uint8Array>();
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = path.join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else
        files.set(
          path.relative(path.join(FIXTURES, dir), p).split(path.sep).join('/'),
          new Uint8Array(readFileSync(p)),
        );
    }
  };
  walk(path.join(FIXTURES, dir));
  return { name: `${dir.replace(/\//g, '-')}.zip`, bytes: writeZip(files) };
}

const summary = (result: ImportResult) => ({
  questions: result.questions.map((q) => [q.question.type, q.category.join(' / ')]),
  skipped: result.skipped.map((s) => [s.location, s.reason.code, s.reason.params]),
});

describe('Moodle XML', () => {
  const result = importQuestions(file('moodle/categories-images-cloze.xml'), { locale: 'en' });

  it('maps every question onto a type, with its category path, and skips the rest with reasons', () => {
    expect(result.format).toBe('moodle');
    expect(summary(result)).toEqual({
      questions: [
        ['multiple-choice', 'Biology / Cells'],
        ['multiple-choice', 'Biology / Cells'],
        ['true-false', 'Biology / Plants and/or trees'],
        ['short-answers', 'Biology / Plants and/or trees'],
        ['short-answers', 'Biology / Plants and/or trees'],
        ['matching-pairs', 'Biology / Plants and/or trees'],
        ['essay', 'Biology / Plants and/or trees'],
        ['fill-in-the-blanks', 'Biology / Plants and/or trees'],
        ['interactive-games', 'Biology / Plants and/or trees'],
      ],
      skipped: [
        ['quiz/question[8] “Pi”', 'doesNotFit', { rule: 'interchange.numericTolerance' }],
        ['quiz/question[12] “Cloze with a menu”', 'clozeGapKind', { kind: 'MULTICHOICE' }],
        ['quiz/question[13] “Intro”', 'unsupportedType', { type: 'description' }],
        ['quiz/question[14] “Drag words”', 'unsupportedType', { type: 'ddwtos' }],
      ],
    });
  });

  it('names every item as a teacher finds it: its position among the questions and its title', () => {
    expect(result.skipped.map((s) => s.item)).toEqual([
      'Question 6 — “Pi”',
      'Question 10 — “Cloze with a menu”',
      'Question 11 — “Intro”',
      'Question 12 — “Drag words”',
    ]);
    expect(result.questions.map((q) => q.label).slice(0, 2)).toEqual([
      'Question 1 — “Cell organelle”',
      'Question 2 — “Primes”',
    ]);
  });

  it('brings the embedded base64 image as the question image, and notes dropped feedback', () => {
    const [organelle] = result.questions;
    expect(organelle!.question).toMatchObject({
      text: 'Which organelle is shown?',
      score: 2,
      imageUrl: null,
    });
    expect(organelle!.media).toEqual([
      {
        name: 'cell.png',
        contentType: 'image/png',
        bytes: expect.any(Uint8Array),
        target: { kind: 'question' },
      },
    ]);
    expect(Array.from(organelle!.media[0]!.bytes.subarray(1, 4))).toEqual([0x50, 0x4e, 0x47]);
    expect(organelle!.warnings.map((w) => w.code)).toEqual(['feedbackDropped']);
  });

  it('reads the cloze into blanks and keeps the full-mark answers', () => {
    const cloze = result.questions.find((q) => q.question.type === 'fill-in-the-blanks')!;
    expect(cloze.question.text).toBe('Fill in the blanks.');
    expect(cloze.question.config).toEqual({
      passage: 'The capital of Germany is [[1]]. A week has [[2]] days.',
      gaps: [
        { id: '1', accepted: ['Berlin'] },
        { id: '2', accepted: ['7'] },
      ],
      caseSensitive: false,
    });
    expect(cloze.warnings.map((w) => w.code)).toEqual(['weightsNotKept']);
  });

  it('keeps matching distractors, essay rubric and word limit, case-sensitive short answers', () => {
    const byType = (type: string) => result.questions.filter((q) => q.question.type === type);
    expect(byType('matching-pairs')[0]!.question.config).toMatchObject({ distractors: ['Lagos'] });
    expect(byType('essay')[0]!.question).toMatchObject({
      score: 10,
      config: { responseKind: 'richText', rubric: 'Mentions a membrane.', maxWords: 300 },
    });
    expect(byType('short-answers')[0]!.question.config).toEqual({
      acceptedAnswers: ['Paris', 'PARIS'],
      caseSensitive: true,
      maxWords: 50,
    });
    expect(byType('true-false')[0]!.question.text).toBe(
      'Plants make sugar from light.\nThey need water too.',
    );
  });
});

describe('scores', () => {
  it('are fitted to vbuilder steps with a note, never silently', () => {
    const xml = (grade: string) =>
      `<quiz><question type="truefalse"><name><text>n</text></name><questiontext format="plain_text"><text>Q?</text></questiontext><defaultgrade>${grade}</defaultgrade><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;
    const read = (grade: string) =>
      importQuestions({ name: 'q.xml', bytes: new TextEncoder().encode(xml(grade)) }, { locale: 'en' })
        .questions[0]!;
    expect(read('2').question.score).toBe(2);
    expect(read('2').warnings).toEqual([]);
    expect(read('0.3')).toMatchObject({
      question: { score: 0.5 },
      warnings: [{ code: 'scoreRounded', params: { from: 0.3, to: 0.5 } }],
    });
    expect(read('250')).toMatchObject({
      question: { score: 100 },
      warnings: [{ code: 'scoreRounded', params: { from: 250, to: 100 } }],
    });
    expect(read('0')).toMatchObject({
      question: { score: 0.5 },
      warnings: [{ code: 'scoreRounded', params: { from: 0, to: 0.5 } }],
    });
  });
});

describe('GIFT', () => {
  it('reads categories, weights, numeric values, missing words, escapes and formats', () => {
    const result = importQuestions(file('gift/all-constructs.gift.txt'), { locale: 'en' });
    expect(result.format).toBe('gift');
    expect(summary(result)).toEqual({
      questions: [
        ['multiple-choice', 'Geography / Europe'],
        ['multiple-choice', 'Geography / Europe'],
        ['true-false', 'Geography / Europe'],
        ['true-false', 'Geography / Europe'],
        ['short-answers', 'Geography / Europe'],
        ['fill-in-the-blanks', 'Geography / Europe'],
        ['matching-pairs', 'Geography / Europe'],
        ['short-answers', 'Geography / Europe'],
        ['multiple-choice', 'Maths'],
        ['multiple-choice', 'Maths'],
        ['essay', 'Maths'],
        ['multiple-choice', 'Maths'],
        ['multiple-choice', 'Maths'],
      ],
      skipped: [
        ['line 27', 'doesNotFit', { rule: 'interchange.numericRange' }],
        ['line 29', 'doesNotFit', { rule: 'interchange.numericRange' }],
        ['line 37', 'unsupportedType', { type: 'description' }],
      ],
    });
    const [capital, primes] = result.questions;
    expect(capital!.tags).toEqual(['capitals', 'easy']);
    expect(primes!.question.config).toMatchObject({ correct: ['a', 'b'], multiple: true });
    const escapes = result.questions[8]!;
    expect(escapes.question.text).toBe('Escapes: 1 = 1 and braces { } are kept.');
    expect(escapes.question.config).toMatchObject({ options: [{ text: 'a~b' }, { text: 'c#d' }] });
    expect(result.questions[9]!.question.text).toBe('What does bold look like?');
    expect(result.questions[5]!.question.config).toMatchObject({
      passage: 'The Eiffel Tower is in [[1]] and it is tall.',
    });
    const partial = result.questions[12]!;
    expect(partial.question.config).toMatchObject({ correct: ['a'], multiple: false });
    expect(partial.warnings.map((w) => w.code)).toEqual(['weightsNotKept']);
  });

  it('reads a Windows-1252 file', () => {
    const result = importQuestions(file('gift/windows-1252.gift.txt'), { locale: 'en' });
    expect(result.questions.map((q) => q.question.text)).toEqual([
      'Café question with “smart quotes”?',
      'À bientôt.',
    ]);
  });
});

describe('Aiken', () => {
  it('reads lettered options and the answer line', () => {
    const result = importQuestions(file('aiken/questions.aiken.txt'), { locale: 'en' });
    expect(result.format).toBe('aiken');
    expect(result.questions.map((q) => q.question.config)).toEqual([
      expect.objectContaining({ correct: ['b'], multiple: false }),
      expect.objectContaining({ correct: ['c'], multiple: false }),
    ]);
  });
});

describe('QTI', () => {
  it('3.0 item: choice with its score and prompt; feedback noted', () => {
    const result = importQuestions(file('qti3/choice-single.xml'), { locale: 'en' });
    expect(result.format).toBe('qti3');
    expect(result.questions[0]!.question).toMatchObject({
      type: 'multiple-choice',
      text: 'Which is the largest ocean?\n\nChoose one.',
      score: 3,
      config: { correct: ['c'], multiple: false, shuffle: true },
    });
    expect(result.questions[0]!.warnings.map((w) => w.code)).toEqual(['feedbackDropped']);
  });

  it('3.0 package: the test sections are categories, images come from the package, hotspots are skipped', () => {
    const result = importQuestions(packageOf('qti3/package'), { locale: 'en' });
    expect(result.format).toBe('qti3');
    expect(summary(result)).toEqual({
      questions: [
        ['drag-and-drop', 'Animals'],
        ['interactive-games', 'Animals / Insects'],
      ],
      skipped: [['items/hotspot.xml “Find the heart”', 'unsupportedType', { type: 'hotspotInteraction' }]],
    });
    expect(result.questions[1]!.media).toMatchObject([
      { name: 'butterfly.png', contentType: 'image/png', target: { kind: 'question' } },
    ]);
    expect(result.questions[0]!.question.config).toMatchObject({
      items: expect.arrayContaining([{ id: 'i4', text: 'Rock', zoneId: null }]),
    });
  });

  it('2.1 / 2.2 items and package: text entries, multiple choice, blanks, matching with a shared answer, essay; the rest skipped', () => {
    const entry = importQuestions(file('qti2/text-entry-2p1.xml'), { locale: 'en' });
    expect(entry.format).toBe('qti2');
    expect(entry.questions[0]!.question.config).toEqual({
      passage: 'Now is the winter of our discontent\nMade glorious summer by this sun of [[1]];',
      gaps: [{ id: '1', accepted: ['York', 'york'] }],
      caseSensitive: false,
    });
    expect(entry.questions[0]!.warnings.map((w) => w.code)).toContain('weightsNotKept');
    const multiple = importQuestions(file('qti2/choice-multiple-2p2.xml'), { locale: 'en' });
    expect(multiple.questions[0]!.question).toMatchObject({
      score: 2,
      config: { correct: ['a', 'c'], multiple: true },
    });
    const pack = importQuestions(packageOf('qti2/package'), { locale: 'en' });
    expect(summary(pack)).toEqual({
      questions: [
        ['fill-in-the-blanks', ''],
        ['matching-pairs', ''],
        ['essay', ''],
      ],
      skipped: [
        ['two.xml “Two at once”', 'severalInteractions', { count: 2 }],
        ['missing.xml', 'resourceUnreadable', { file: 'missing.xml' }],
        ['gapmatch.xml “Gaps”', 'unsupportedType', { type: 'gapMatchInteraction' }],
      ],
    });
  });

  it('Canvas / QTI 1.2 export: every Canvas question type it can map, the rest skipped', () => {
    const result = importQuestions(packageOf('qti12/canvas'), { locale: 'en' });
    expect(result.format).toBe('qti12');
    expect(summary(result)).toEqual({
      questions: [
        ['multiple-choice', ''],
        ['true-false', ''],
        ['multiple-choice', ''],
        ['short-answers', ''],
        ['fill-in-the-blanks', ''],
        ['matching-pairs', ''],
        ['essay', ''],
      ],
      skipped: [
        [
          'g1/g1.xml: questestinterop/assessment/section/item[8] “Temperature”',
          'unsupportedType',
          { type: 'numerical_question' },
        ],
        [
          'g1/g1.xml: questestinterop/assessment/section/item[9] “Read me”',
          'unsupportedType',
          { type: 'text_only_question' },
        ],
      ],
    });
    const [ocean, , even, , blanks, pairs] = result.questions;
    expect(ocean!.question).toMatchObject({
      score: 2,
      text: 'Which ocean is the largest?',
      config: { correct: ['b'] },
    });
    expect(ocean!.media).toMatchObject([
      { name: 'map.png', contentType: 'image/png', target: { kind: 'question' } },
    ]);
    expect(even!.question.config).toMatchObject({ correct: ['a', 'c'], multiple: true });
    expect(blanks!.question.config).toMatchObject({
      passage: 'Roses are [[1]], violets are [[2]].',
      gaps: [{ accepted: ['red'] }, { accepted: ['blue', 'violet'] }],
    });
    expect(pairs!.question.config).toEqual({
      pairs: [
        { id: '1', prompt: 'hot', match: 'cold' },
        { id: '2', prompt: 'tall', match: 'short' },
      ],
      distractors: ['wet'],
    });
  });
});

describe('Common Cartridge (.imscc) QTI 1.2', () => {
  it('reads cc_profile question types', () => {
    const pack = packageOf('qti12/common-cartridge');
    const result = importQuestions({ ...pack, name: 'course.imscc' }, { locale: 'en' });
    expect(result.format).toBe('qti12');
    expect(summary(result)).toEqual({
      questions: [
        ['multiple-choice', ''],
        ['short-answers', ''],
      ],
      skipped: [
        [
          'q1/assessment_qti.xml: questestinterop/assessment/section/item[3] “Pattern”',
          'unsupportedType',
          { type: 'pattern_match_question' },
        ],
      ],
    });
  });
});

describe('QTI 1.2 as a single XML document', () => {
  it('reads the same items, its images reported missing', () => {
    const result = importQuestions(file('qti12/canvas/g1/g1.xml'), { locale: 'en' });
    expect(result.format).toBe('qti12');
    expect(result.questions).toHaveLength(7);
    expect(result.questions[0]!.media).toEqual([]);
    expect(result.questions[0]!.warnings.map((w) => [w.code, w.params])).toEqual([
      ['mediaMissing', { file: '$IMS-CC-FILEBASE$/Uploaded%20Media/map.png' }],
    ]);
  });
});

describe('detectFormat', () => {
  it.each([
    ['moodle/categories-images-cloze.xml', 'moodle'],
    ['gift/all-constructs.gift.txt', 'gift'],
    ['gift/windows-1252.gift.txt', 'gift'],
    ['aiken/questions.aiken.txt', 'aiken'],
    ['qti3/choice-single.xml', 'qti3'],
    ['qti2/text-entry-2p1.xml', 'qti2'],
    ['qti2/choice-multiple-2p2.xml', 'qti2'],
  ])('%s → %s', (name, format) => {
    expect(detectFormat(file(name))).toBe(format);
  });
  it('packages by their manifest', () => {
    expect(detectFormat(packageOf('qti3/package'))).toBe('qti3');
    expect(detectFormat(packageOf('qti2/package'))).toBe('qti2');
    expect(detectFormat(packageOf('qti12/canvas'))).toBe('qti12');
  });
  it('nothing for what is none of them', () => {
    expect(
      detectFormat({ name: 'notes.txt', bytes: new TextEncoder().encode('Just some notes.\nNothing else.') }),
    ).toBeNull();
    expect(
      detectFormat({ name: 'page.xml', bytes: new TextEncoder().encode('<html><body/></html>') }),
    ).toBeNull();
  });
});

describe('reasons are translated', () => {
  it.each(LANGUAGE_CODES)('%s has every reason and error', (lng) => {
    const t = translatorFor(lng);
    const english = translatorFor('en');
    for (const code of REASON_CODES) {
      const text = t(`questionInterchange:reasons.${code}`, {
        type: 'X',
        rule: 'R',
        kind: 'K',
        count: 2,
        file: 'f',
        weights: 'w',
        from: 1,
        to: 2,
      });
      expect(text).not.toContain('questionInterchange');
      if (lng !== 'en')
        expect(text).not.toBe(
          english(`questionInterchange:reasons.${code}`, {
            type: 'X',
            rule: 'R',
            kind: 'K',
            count: 2,
            file: 'f',
            weights: 'w',
            from: 1,
            to: 2,
          }),
        );
    }
    for (const kind of ['malformed', 'hostile', 'tooLarge', 'unknownFormat'])
      expect(t(`questionInterchange:errors.${kind}`, { at: 'line 3' })).not.toContain('questionInterchange');
  });
  it('skipped items read in the reader’s language', () => {
    const result = importQuestions(file('moodle/categories-images-cloze.xml'), { locale: 'sw' });
    expect(result.skipped[2]!.reason.message).toBe(
      'vbuilder haina aina ya swali kwa swali la namna hii (description).',
    );
    expect(result.skipped[2]!.item).toBe('Swali la 11 — “Intro”');
  });

  it('an item without a title is named by its first words, cut at a word', () => {
    const gift = importQuestions(file('gift/all-constructs.gift.txt'), { locale: 'en' });
    expect(gift.skipped.map((s) => s.item)).toContain('Question 9 — “What is pi to two decimals?”');
    expect(
      firstWords('Photosynthesis turns light, water and carbon dioxide into sugar and oxygen in plants', 40),
    ).toBe('Photosynthesis turns light, water and…');
    const zh = importQuestions(file('aiken/questions.aiken.txt'), { locale: 'zh' });
    expect(zh.questions[0]!.label).toBe('第1题：“What is the largest planet?”');
  });
});

describe('a file is read question by question: what can be read comes in', () => {
  it('GIFT in the shape of Moodle’s own test file (nine questions, one broken): eight come in, the broken one is skipped with its line and a translated reason', () => {
    const result = importQuestions(file('gift/one-broken.gift.txt'), { locale: 'en' });
    expect(result.questions.map((q) => q.label)).toEqual([
      'Question 1 — “E1”',
      'Question 2 — “Planets”',
      'Question 3 — “C1”',
      'Question 4 — “C2”',
      'Question 6 — “S1”',
      'Question 7 — “T1”',
      'Question 8 — “T2”',
      'Question 9 — “T3”',
    ]);
    expect(result.skipped).toEqual([
      {
        item: 'Question 5 — “N1”',
        location: 'line 34 “N1”',
        reason: {
          code: 'unreadable',
          params: { problem: 'notANumber', value: '2~' },
          message: 'This question could not be read. “2~” is not a number.',
        },
      },
    ]);
    const th = importQuestions(file('gift/one-broken.gift.txt'), { locale: 'th' });
    expect(th.questions).toHaveLength(8);
    expect(th.skipped[0]!.reason.message).toBe('ไม่สามารถอ่านคำถามนี้ได้ “2~” ไม่ใช่ตัวเลข');
  });

  it('Aiken with nine questions, one broken: eight come in, the broken one is skipped with its line and a translated reason', () => {
    const result = importQuestions(file('aiken/one-broken.aiken.txt'), { locale: 'en' });
    expect(result.format).toBe('aiken');
    expect(result.questions).toHaveLength(8);
    expect(result.questions[2]!.label).toBe('Question 4 — “Which gas do plants take in?”');
    expect(result.skipped).toEqual([
      {
        item: 'Question 3 — “Which planet is the largest?”',
        location: 'line 14',
        reason: {
          code: 'unreadable',
          params: { problem: 'optionOrder', expected: 'C', found: 'D' },
          message: 'This question could not be read. Option C was expected here, not D.',
        },
      },
    ]);
    const id = importQuestions(file('aiken/one-broken.aiken.txt'), { locale: 'id' });
    expect(id.skipped[0]!.reason.message).toBe(
      'Soal ini tidak dapat dibaca. Di sini seharusnya pilihan C, bukan D.',
    );
  });

  it('Aiken: a question without its answer line, or naming no option, is skipped and the next one read', () => {
    const text = 'Q1?\nA. x\nB. y\nANSWER: D\n\nQ2?\nA. x\nB. y\nANSWER: B\n\nQ3?\nA. x\nB. y\n';
    const result = importQuestions(
      { name: 'a.txt', bytes: new TextEncoder().encode(text) },
      { locale: 'en', format: 'aiken' },
    );
    expect(result.questions.map((q) => q.question.text)).toEqual(['Q2?']);
    expect(result.skipped.map((s) => [s.item, s.location, s.reason.params.problem])).toEqual([
      ['Question 1 — “Q1?”', 'line 4', 'answerNotOption'],
      ['Question 3 — “Q3?”', 'line 11', 'noAnswerLine'],
    ]);
  });

  it('a question breaking a vbuilder rule says which part and why in words, never a schema path or key', () => {
    // An ordering item whose second step is empty: `config.items.1.text: questions.errors.itemEmpty` in the schema.
    const item = `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="o" title="Steps">
  <qti-response-declaration identifier="RESPONSE" cardinality="ordered" base-type="identifier">
    <qti-correct-response><qti-value>A</qti-value><qti-value>B</qti-value><qti-value>C</qti-value></qti-correct-response>
  </qti-response-declaration>
  <qti-item-body>
    <p>Put the steps in order.</p>
    <qti-order-interaction response-identifier="RESPONSE"><qti-simple-choice identifier="A">Wash</qti-simple-choice><qti-simple-choice identifier="B"> </qti-simple-choice><qti-simple-choice identifier="C">Dry</qti-simple-choice></qti-order-interaction>
  </qti-item-body>
</qti-assessment-item>`;
    const messages = Object.fromEntries(
      (['en', 'vi', 'zh'] as const).map((locale) => {
        const result = importQuestions(
          { name: 'o.xml', bytes: new TextEncoder().encode(item) },
          { locale, format: 'qti3' },
        );
        expect(result.questions).toHaveLength(0);
        return [locale, result.skipped[0]!.reason.message];
      }),
    );
    for (const message of Object.values(messages))
      expect(message).not.toMatch(/config\.|questions\.errors|itemEmpty|\.\d+[.:]/);
    expect(messages.en).toBe(
      "The question does not fit vbuilder's rules for its type. Item 2: Please fill in all items.",
    );
    expect(messages.vi).toContain('Mục 2: ');
    expect(messages.zh).toContain('条目2：');
  });

  it('QTI 1.2 whose DTD internal subset declares elements only (as IMS’s examples do) imports', () => {
    const result = importQuestions(file('qti12/dtd-subset-elements.xml'), { locale: 'en' });
    expect(result.format).toBe('qti12');
    expect(result.questions.map((q) => [q.question.type, q.question.text])).toEqual([
      ['multiple-choice', 'What is the capital of France?'],
    ]);
  });
});

describe('problems, parts and rule words are translated', () => {
  const english = translatorFor('en');
  const catalog = (lng: string) =>
    JSON.parse(
      readFileSync(new URL(`../../locales/${lng}/questionInterchange.json`, import.meta.url), 'utf8'),
    ) as Record<string, Record<string, string>>;
  it.each(LANGUAGE_CODES.filter((l) => l !== 'en'))('%s', (lng) => {
    const t = translatorFor(lng);
    for (const group of ['problems', 'parts', 'fields', 'rules'] as const) {
      const keys = Object.keys(catalog('en')[group]!);
      expect(Object.keys(catalog(lng)[group]!).sort(), `${lng} ${group}`).toEqual(keys.sort());
      for (const key of keys) {
        const params = {
          value: 'v',
          expected: 'C',
          found: 'D',
          letter: 'E',
          types: '.x',
          field: 'f',
          number: 1,
          message: 'm',
        };
        const text = t(`questionInterchange:${group}.${key}`, params);
        expect(text).not.toContain('questionInterchange');
        if (
          ![
            'fields.numbered',
            'fields.zone',
            'fields.item',
            'fields.option',
            'parts.tags',
            'parts.rubric',
            'fields.pair',
          ].includes(`${group}.${key}`)
        )
          expect(text, `${lng} ${group}.${key}`).not.toBe(
            english(`questionInterchange:${group}.${key}`, params),
          );
      }
    }
  });
});
