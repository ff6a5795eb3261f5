import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MatchingConfig } from '@vbuilder/shared';
import { describe, expect, it } from 'vitest';
import { collectQti3Exports } from '../../../../test/qti3-xsd.ts';
import { exportQuestions, importQuestions, type ExportableQuestion } from '../../index.ts';
import { readZip } from '../../zip.ts';

/** Frog and newt share "Amphibian"; "Fish" is a distractor (GIFT carries none). */
const sharedConfig = (distractors: string[]): MatchingConfig => ({
  pairs: [
    { id: '1', prompt: 'Frog', match: 'Amphibian' },
    { id: '2', prompt: 'Newt', match: 'Amphibian' },
    { id: '3', prompt: 'Snake', match: 'Reptile' },
  ],
  distractors,
});

const question = (distractors: string[]): ExportableQuestion => ({
  id: 'q-animals',
  type: 'matching-pairs',
  text: 'Match each animal with its class.',
  score: 3,
  config: sharedConfig(distractors),
  category: ['Biology'],
  tags: ['animals'],
});

const xmlFile = (name: string, xml: string) => ({ name, bytes: new TextEncoder().encode(xml) });
const onlyConfig = (result: ReturnType<typeof importQuestions>) => {
  expect(result.skipped).toEqual([]);
  expect(result.questions).toHaveLength(1);
  return result.questions[0]!.question;
};

describe('matching where prompts share an answer: round trip', () => {
  /** The QTI 3.0 packages written here, validated against 1EdTech's schemas after the block. */
  const qti3 = collectQti3Exports();
  it.each([
    ['qti3', ['Fish']],
    ['moodle', ['Fish']],
    ['gift', []],
  ] as const)(
    '%s: exported and imported back equal, the shared answer and distractors kept',
    async (format, d) => {
      const original = question([...d]);
      const exported = await exportQuestions([original], format, { locale: 'en' });
      expect(exported.notExportable).toEqual([]);
      if (format === 'qti3') qti3.add(exported.bytes, 'shared answer round trip');
      const imported = importQuestions({ name: exported.fileName, bytes: exported.bytes }, { locale: 'en' });
      expect(imported.format).toBe(format);
      const got = onlyConfig(imported);
      expect(got).toMatchObject({ type: 'matching-pairs', text: original.text, config: original.config });
      expect(imported.questions[0]!.warnings).toEqual([]);
    },
  );

  it('QTI 3.0: the shared match is one target whose match-max is the number of prompts sharing it', async () => {
    const exported = await exportQuestions([question(['Fish'])], 'qti3', { locale: 'en' });
    qti3.add(exported.bytes, 'shared answer match-max');
    const files = readZip(exported.bytes);
    const item = new TextDecoder().decode(
      [...files.entries()].find(([n]) => /^items\/Q\d+\.xml$/.test(n))![1],
    );
    expect(item).toContain('<qti-simple-associable-choice identifier="M1" match-max="2">Amphibian');
    expect(item).toContain('<qti-simple-associable-choice identifier="M3" match-max="1">Reptile');
    expect(item).toContain('<qti-simple-associable-choice identifier="D1" match-max="1">Fish');
    expect(item.match(/>Amphibian</g)).toHaveLength(1);
    expect(item).toContain(
      '<qti-value>P1 M1</qti-value><qti-value>P2 M1</qti-value><qti-value>P3 M3</qti-value>',
    );
  });

  it('Moodle XML: the answer text is repeated per subquestion, the distractor has an empty one', async () => {
    const exported = await exportQuestions([question(['Fish'])], 'moodle', { locale: 'en' });
    const xml = new TextDecoder().decode(exported.bytes);
    expect(xml.match(/<answer><text><!\[CDATA\[Amphibian\]\]><\/text><\/answer>/g)).toHaveLength(2);
    expect(xml).toContain(
      '<subquestion format="html"><text><![CDATA[]]></text><answer><text><![CDATA[Fish]]></text></answer></subquestion>',
    );
  });
});

describe('matching where prompts share an answer: foreign files', () => {
  it('QTI 2.1 matchInteraction with match-max on the targets (two characters in one play)', () => {
    const bytes = new Uint8Array(
      readFileSync(fileURLToPath(new URL('../../fixtures/qti2/package/match.xml', import.meta.url))),
    );
    const got = onlyConfig(importQuestions({ name: 'match.xml', bytes }, { locale: 'en' }));
    expect(got.type).toBe('matching-pairs');
    expect(got.config).toEqual({
      pairs: [
        { id: '1', prompt: 'Capulet', match: 'Romeo and Juliet' },
        { id: '2', prompt: 'Demetrius', match: "A Midsummer-Night's Dream" },
        { id: '3', prompt: 'Lysander', match: "A Midsummer-Night's Dream" },
        { id: '4', prompt: 'Prospero', match: 'The Tempest' },
      ],
      distractors: [],
    });
  });

  it('QTI 2.2 associateInteraction: the member of several pairs is the shared answer, whichever side it is on', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p2" identifier="assoc" title="Classes" adaptive="false" timeDependent="false">
  <responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="pair">
    <correctResponse><value>FROG AMPH</value><value>AMPH NEWT</value><value>SNAKE REPT</value></correctResponse>
  </responseDeclaration>
  <itemBody>
    <associateInteraction responseIdentifier="RESPONSE" maxAssociations="3">
      <prompt>Pair each animal with its class.</prompt>
      <simpleAssociableChoice identifier="FROG" matchMax="1">Frog</simpleAssociableChoice>
      <simpleAssociableChoice identifier="NEWT" matchMax="1">Newt</simpleAssociableChoice>
      <simpleAssociableChoice identifier="SNAKE" matchMax="1">Snake</simpleAssociableChoice>
      <simpleAssociableChoice identifier="AMPH" matchMax="2">Amphibian</simpleAssociableChoice>
      <simpleAssociableChoice identifier="REPT" matchMax="1">Reptile</simpleAssociableChoice>
      <simpleAssociableChoice identifier="FISH" matchMax="1">Fish</simpleAssociableChoice>
    </associateInteraction>
  </itemBody>
</assessmentItem>`;
    const got = onlyConfig(importQuestions(xmlFile('assoc.xml', xml), { locale: 'en' }));
    expect(got.type).toBe('matching-pairs');
    expect(got.config).toEqual({
      pairs: [
        { id: '1', prompt: 'Frog', match: 'Amphibian' },
        { id: '2', prompt: 'Newt', match: 'Amphibian' },
        { id: '3', prompt: 'Snake', match: 'Reptile' },
      ],
      distractors: ['Fish'],
    });
  });

  const qti3Match = (
    targets: string,
    sources: string,
    correct: string,
  ) => `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="m" title="Classes" adaptive="false" time-dependent="false">
  <qti-response-declaration identifier="RESPONSE" cardinality="multiple" base-type="directedPair">
    <qti-correct-response>${correct}</qti-correct-response>
  </qti-response-declaration>
  <qti-item-body>
    <qti-match-interaction response-identifier="RESPONSE" max-associations="4">
      <qti-prompt>Match each animal with its class.</qti-prompt>
      <qti-simple-match-set>${sources}</qti-simple-match-set>
      <qti-simple-match-set>${targets}</qti-simple-match-set>
    </qti-match-interaction>
  </qti-item-body>
</qti-assessment-item>`;
  const choice = (id: string, text: string, max: number) =>
    `<qti-simple-associable-choice identifier="${id}" match-max="${max}">${text}</qti-simple-associable-choice>`;
  const values = (...pairs: string[]) => pairs.map((p) => `<qti-value>${p}</qti-value>`).join('');

  it('QTI 3.0 from another tool: a target with a finite match-max taken by two prompts is a shared match', () => {
    const xml = qti3Match(
      choice('A', 'Amphibian', 2) + choice('R', 'Reptile', 1) + choice('F', 'Fish', 1),
      choice('FROG', 'Frog', 1) + choice('NEWT', 'Newt', 1) + choice('SNAKE', 'Snake', 1),
      values('FROG A', 'NEWT A', 'SNAKE R'),
    );
    const got = onlyConfig(importQuestions(xmlFile('m.xml', xml), { locale: 'en' }));
    expect(got.type).toBe('matching-pairs');
    expect(got.config).toEqual({ ...sharedConfig(['Fish']) });
  });

  it('QTI 3.0: targets open to any number (match-max 0) or an item in no target stay a categorisation', () => {
    const open = qti3Match(
      choice('A', 'Amphibians', 0) + choice('R', 'Reptiles', 0),
      choice('FROG', 'Frog', 1) + choice('NEWT', 'Newt', 1) + choice('SNAKE', 'Snake', 1),
      values('FROG A', 'NEWT A', 'SNAKE R'),
    );
    expect(onlyConfig(importQuestions(xmlFile('open.xml', open), { locale: 'en' })).type).toBe(
      'drag-and-drop',
    );
    const leftOver = qti3Match(
      choice('A', 'Amphibians', 2) + choice('R', 'Reptiles', 1),
      choice('FROG', 'Frog', 1) +
        choice('NEWT', 'Newt', 1) +
        choice('SNAKE', 'Snake', 1) +
        choice('ROCK', 'Rock', 1),
      values('FROG A', 'NEWT A', 'SNAKE R'),
    );
    expect(onlyConfig(importQuestions(xmlFile('left.xml', leftOver), { locale: 'en' })).type).toBe(
      'drag-and-drop',
    );
  });

  it('Canvas / QTI 1.2 matching_question whose two prompts point at one answer', () => {
    const labels = `<render_choice>
      <response_label ident="9001"><material><mattext>Amphibian</mattext></material></response_label>
      <response_label ident="9002"><material><mattext>Reptile</mattext></material></response_label>
      <response_label ident="9003"><material><mattext>Fish</mattext></material></response_label>
    </render_choice>`;
    const lid = (ident: string, text: string) =>
      `<response_lid ident="${ident}"><material><mattext texttype="text/plain">${text}</mattext></material>${labels}</response_lid>`;
    const condition = (ident: string, value: string) =>
      `<respcondition><conditionvar><varequal respident="${ident}">${value}</varequal></conditionvar><setvar varname="SCORE" action="Add">33.33</setvar></respcondition>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<questestinterop xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2">
  <assessment ident="a1" title="Animals"><section ident="root_section">
    <item ident="i1" title="Classes">
      <itemmetadata><qtimetadata>
        <qtimetadatafield><fieldlabel>question_type</fieldlabel><fieldentry>matching_question</fieldentry></qtimetadatafield>
        <qtimetadatafield><fieldlabel>points_possible</fieldlabel><fieldentry>3.0</fieldentry></qtimetadatafield>
      </qtimetadata></itemmetadata>
      <presentation>
        <material><mattext texttype="text/html">&lt;p&gt;Match each animal with its class.&lt;/p&gt;</mattext></material>
        ${lid('response_1', 'Frog')}${lid('response_2', 'Newt')}${lid('response_3', 'Snake')}
      </presentation>
      <resprocessing>${condition('response_1', '9001')}${condition('response_2', '9001')}${condition('response_3', '9002')}</resprocessing>
    </item>
  </section></assessment>
</questestinterop>`;
    const result = importQuestions(xmlFile('canvas.xml', xml), { locale: 'en' });
    expect(result.format).toBe('qti12');
    const got = onlyConfig(result);
    expect(got).toMatchObject({ type: 'matching-pairs', score: 3, config: sharedConfig(['Fish']) });
  });

  it('Moodle XML from Moodle: the same answer text in two subquestions is one shared answer', () => {
    const sub = (text: string, answer: string) =>
      `<subquestion format="html"><text><![CDATA[${text}]]></text><answer><text>${answer}</text></answer></subquestion>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="matching">
    <name><text>Classes</text></name>
    <questiontext format="html"><text><![CDATA[<p>Match each animal with its class.</p>]]></text></questiontext>
    <defaultgrade>3</defaultgrade>
    <shuffleanswers>true</shuffleanswers>
    ${sub('<p>Frog</p>', 'Amphibian')}${sub('<p>Newt</p>', 'Amphibian')}${sub('<p>Snake</p>', 'Reptile')}${sub('', 'Fish')}
  </question>
</quiz>`;
    const got = onlyConfig(importQuestions(xmlFile('moodle.xml', xml), { locale: 'en' }));
    expect(got).toMatchObject({ type: 'matching-pairs', score: 3, config: sharedConfig(['Fish']) });
  });

  it('GIFT: the same right side after two prompts is one shared answer', () => {
    const gift =
      '::Classes:: Match each animal with its class. {\n=Frog -> Amphibian\n=Newt -> Amphibian\n=Snake -> Reptile\n}\n';
    const got = onlyConfig(importQuestions(xmlFile('classes.gift.txt', gift), { locale: 'en' }));
    expect(got).toMatchObject({ type: 'matching-pairs', config: sharedConfig([]) });
  });

  it('still skips what breaks the rules: the same prompt twice, one answer and nothing else to choose', () => {
    const twice = '::Twice:: Q {\n=Frog -> Amphibian\n=frog -> Reptile\n}\n';
    const one = '::One:: Q {\n=Frog -> Amphibian\n=Newt -> Amphibian\n}\n';
    const result = importQuestions(xmlFile('bad.gift.txt', `${twice}\n${one}`), { locale: 'en' });
    expect(result.questions).toEqual([]);
    expect(result.skipped.map((s) => [s.reason.code, s.reason.params])).toEqual([
      ['doesNotFit', { rule: 'each prompt once' }],
      ['doesNotFit', { rule: 'at least 2 different matches' }],
    ]);
  });
});
