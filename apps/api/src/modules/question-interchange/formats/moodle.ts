import type { Element } from '@xmldom/xmldom';
import { malformed, tooLarge } from '../errors.ts';
import { htmlToText, plain, textToHtml, type RichText } from '../rich-text.ts';
import { INTERCHANGE_LIMITS } from '../types.ts';
import {
  attr,
  cdata,
  child,
  childElements,
  childText,
  elementPath,
  escapeXml,
  localName,
  parseXml,
  textOf,
} from '../xml.ts';
import type { ClozeGap, MoodleAnswer, MoodleItem } from './models.ts';

/** Moodle XML (https://docs.moodle.org/en/Moodle_XML_format): reader and writer. */

export interface MoodleReadItem {
  item: MoodleItem;
  category: string[];
  /** Embedded files (<file name encoding="base64">), by name. */
  files: Map<string, Uint8Array>;
  where: string;
}

export const isMoodleXml = (text: string): boolean =>
  /<quiz[\s>]/.test(text.slice(0, 4096)) && /<question\s/.test(text);

const SCALAR_FIELDS = [
  'single',
  'shuffleanswers',
  'answernumbering',
  'usecase',
  'responseformat',
  'responserequired',
  'responsefieldlines',
  'minwordlimit',
  'maxwordlimit',
  'attachments',
  'attachmentsrequired',
  'filetypeslist',
  'layouttype',
  'selecttype',
  'selectcount',
  'gradingtype',
];
const FEEDBACK_FIELDS = ['correctfeedback', 'partiallycorrectfeedback', 'incorrectfeedback'];

/** Moodle's category path '$course$/top/Biology/Cells' → ['Biology', 'Cells'] ('//' is a slash in a name). */
export function parseCategoryPath(value: string): string[] {
  return value
    .replace(/\/\//g, '\uE000')
    .split('/')
    .map((part) => part.replace(/\uE000/g, '/').trim())
    .filter((part, i) => part !== '' && !(i === 0 && /^\$\w+\$$/.test(part)) && !(part === 'top' && i <= 1));
}

/** A <questiontext>-like element as text: its format (html, moodle_auto_format, plain_text, markdown). */
function richTextOf(element: Element | undefined): RichText {
  if (!element) return plain('');
  const raw = childText(element, 'text');
  const format = attr(element, 'format') ?? 'html';
  if (format === 'plain_text' || format === 'markdown') return plain(raw.trim());
  const rich = htmlToText(format === 'moodle_auto_format' ? raw.replace(/\n/g, '<br/>') : raw);
  rich.images = rich.images.map((src) =>
    src.startsWith('@@PLUGINFILE@@/') ? decodeURIComponent(src.slice(15)) : src,
  );
  return rich;
}

/** The text of <name><text>…</text></name> under element, HTML flattened ('' when absent). */
function textIn(element: Element, name: string): string {
  const holder = child(element, name);
  return holder ? htmlToText(childText(holder, 'text')).text : '';
}

function filesOf(element: Element, files: Map<string, Uint8Array>) {
  for (const file of element.getElementsByTagName('file')) {
    const name = attr(file, 'name');
    if (name && (attr(file, 'encoding') ?? 'base64') === 'base64')
      files.set(name, new Uint8Array(Buffer.from(textOf(file).replace(/\s+/g, ''), 'base64')));
  }
}

export function readMoodle(text: string): MoodleReadItem[] {
  const root = parseXml(text);
  if (localName(root) !== 'quiz') throw malformed(elementPath(root), 'the root element must be <quiz>');
  const out: MoodleReadItem[] = [];
  let category: string[] = [];
  const questions = childElements(root, 'question');
  if (questions.length > INTERCHANGE_LIMITS.items) throw tooLarge('', 'too many questions');
  for (const element of questions) {
    const type = attr(element, 'type');
    const where = elementPath(element);
    if (!type) throw malformed(where, 'a question needs a type');
    if (type === 'category') {
      category = parseCategoryPath(childText(child(element, 'category') ?? element, 'text'));
      continue;
    }
    const files = new Map<string, Uint8Array>();
    filesOf(element, files);
    const answers: MoodleAnswer[] = childElements(element, 'answer').map((answer) => {
      const fraction = Number(attr(answer, 'fraction') ?? '0');
      if (!Number.isFinite(fraction)) throw malformed(elementPath(answer), 'fraction is not a number');
      const tolerance = childText(answer, 'tolerance');
      return {
        fraction,
        text: richTextOf(answer),
        feedback: textIn(answer, 'feedback'),
        ...(tolerance !== '' ? { tolerance: Number(tolerance) } : {}),
      };
    });
    const fields: Record<string, string> = {};
    for (const name of SCALAR_FIELDS) {
      const field = child(element, name);
      if (field) fields[name] = textOf(field).trim();
    }
    const graderinfo = child(element, 'graderinfo');
    if (graderinfo) fields.graderinfo = childText(graderinfo, 'text');
    const template = child(element, 'responsetemplate');
    if (template) fields.responsetemplate = textOf(child(template, 'text') ?? template);
    const name = childText(child(element, 'name') ?? element, 'text');
    const questionText = richTextOf(child(element, 'questiontext'));
    let gaps: ClozeGap[] = [];
    if (type === 'multianswer') {
      const cloze = parseCloze(questionText.text, where);
      questionText.text = cloze.text;
      gaps = cloze.gaps;
    }
    const defaultGrade = childText(element, 'defaultgrade');
    out.push({
      item: {
        type,
        name,
        text: questionText,
        generalFeedback: textIn(element, 'generalfeedback'),
        defaultGrade: defaultGrade === '' ? null : Number(defaultGrade),
        fields,
        answers,
        subquestions: childElements(element, 'subquestion').map((sub) => ({
          text: richTextOf(sub),
          answer: childText(child(sub, 'answer') ?? sub, 'text'),
        })),
        gaps,
        hasFeedback:
          answers.some((a) => a.feedback !== '') ||
          FEEDBACK_FIELDS.some((f) => textIn(element, f) !== '') ||
          childElements(element, 'hint').length > 0,
        tags: childElements(child(element, 'tags') ?? element, 'tag')
          .map((tag) => childText(tag, 'text'))
          .filter(Boolean),
      },
      category,
      files,
      where: name ? `${where} “${name}”` : where,
    });
  }
  return out;
}

const CLOZE_KINDS: Record<string, string> = {
  SHORTANSWER: 'SHORTANSWER',
  SA: 'SHORTANSWER',
  MW: 'SHORTANSWER',
  SHORTANSWER_C: 'SHORTANSWER_C',
  SAC: 'SHORTANSWER_C',
  MWC: 'SHORTANSWER_C',
  NUMERICAL: 'NUMERICAL',
  NM: 'NUMERICAL',
  MULTICHOICE: 'MULTICHOICE',
  MC: 'MULTICHOICE',
  MULTICHOICE_V: 'MULTICHOICE',
  MCV: 'MULTICHOICE',
  MULTICHOICE_H: 'MULTICHOICE',
  MCH: 'MULTICHOICE',
  MULTICHOICE_S: 'MULTICHOICE',
  MCS: 'MULTICHOICE',
  MULTICHOICE_VS: 'MULTICHOICE',
  MCVS: 'MULTICHOICE',
  MULTICHOICE_HS: 'MULTICHOICE',
  MCHS: 'MULTICHOICE',
  MULTIRESPONSE: 'MULTIRESPONSE',
  MR: 'MULTIRESPONSE',
  MULTIRESPONSE_H: 'MULTIRESPONSE',
  MRH: 'MULTIRESPONSE',
  MULTIRESPONSE_S: 'MULTIRESPONSE',
  MRS: 'MULTIRESPONSE',
  MULTIRESPONSE_HS: 'MULTIRESPONSE',
  MRHS: 'MULTIRESPONSE',
};

/** Splits on an unescaped separator (Moodle cloze escapes with a backslash). */
function splitUnescaped(value: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) {
      current += c + value[i + 1];
      i++;
    } else if (c === separator) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

const unescapeCloze = (value: string) => value.replace(/\\([}~#/"\\=%:{])/g, '$1');

/**
 * The cloze syntax: {weight:KIND:=right#feedback~%50%half~wrong}. Returns the text with [[n]]
 * where the gaps were and the gaps in order.
 */
export function parseCloze(text: string, where: string): { text: string; gaps: ClozeGap[] } {
  const gaps: ClozeGap[] = [];
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      out += c + text[i + 1];
      i += 2;
      continue;
    }
    const match = c === '{' ? /^\{(\d*):([A-Z_]+):/.exec(text.slice(i)) : null;
    if (!match) {
      out += c;
      i++;
      continue;
    }
    let end = i + match[0].length;
    while (end < text.length && text[end] !== '}') end += text[end] === '\\' ? 2 : 1;
    if (end >= text.length) throw malformed(where, `unclosed cloze gap ${gaps.length + 1}`);
    const kind = CLOZE_KINDS[match[2]!] ?? match[2]!;
    const body = text.slice(i + match[0].length, end);
    const answers = splitUnescaped(body, '~')
      .filter((a) => a.trim() !== '')
      .map((raw) => {
        const [answerPart, ...feedback] = splitUnescaped(raw, '#');
        let answer = answerPart!.trim();
        let fraction = 0;
        if (answer.startsWith('=')) {
          fraction = 100;
          answer = answer.slice(1);
        } else {
          const weight = /^%(-?\d+(?:\.\d+)?)%/.exec(answer);
          if (weight) {
            fraction = Number(weight[1]);
            answer = answer.slice(weight[0].length);
          }
        }
        let tolerance: number | undefined;
        if (kind === 'NUMERICAL') {
          const [value, tol] = answer.split(':');
          answer = value!.trim();
          if (tol !== undefined) tolerance = Number(tol);
        }
        return {
          fraction,
          text: unescapeCloze(answer).trim(),
          feedback: unescapeCloze(feedback.join('#')).trim(),
          ...(tolerance !== undefined ? { tolerance } : {}),
        };
      });
    gaps.push({ kind, weight: Number(match[1] || '1'), answers });
    out += `[[${gaps.length}]]`;
    i = end + 1;
  }
  return { text: unescapeCloze(out), gaps };
}

const escapeClozeAnswer = (value: string) => value.replace(/([}~#/"\\=%:{])/g, '\\$1');

export interface MoodleWriteItem {
  item: MoodleItem;
  category: string[];
  /** Images as embedded files: name → bytes, referenced in the texts as @@PLUGINFILE@@/name. */
  files: Map<string, Uint8Array>;
}

function textElement(
  tag: string,
  rich: RichText,
  files: Map<string, Uint8Array>,
  format: 'html' | 'plain_text' = 'html',
): string {
  const html =
    format === 'html'
      ? textToHtml(
          rich.text,
          rich.images.map((name) => `@@PLUGINFILE@@/${encodeURIComponent(name)}`),
        )
      : rich.text;
  const embedded = rich.images
    .filter((name) => files.has(name))
    .map(
      (name) =>
        `<file name="${escapeXml(name)}" path="/" encoding="base64">${Buffer.from(files.get(name)!).toString('base64')}</file>`,
    )
    .join('');
  return `<${tag} format="${format}"><text>${cdata(html)}</text>${embedded}</${tag}>`;
}

const simpleText = (tag: string, value: string) => `<${tag}><text>${cdata(value)}</text></${tag}>`;

/** Moodle XML for the items, a category question before each change of category. */
export function writeMoodle(items: MoodleWriteItem[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  let category: string | null = null;
  for (const { item, category: path, files } of items) {
    const key = ['$course$', 'top', ...path.map((p) => p.replace(/\//g, '//'))].join('/');
    if (key !== category) {
      category = key;
      lines.push(
        `  <question type="category">`,
        `    <category><text>${escapeXml(key)}</text></category>`,
        `  </question>`,
      );
    }
    const body: string[] = [];
    body.push(simpleText('name', item.name));
    let questionText = item.text;
    if (item.type === 'multianswer') {
      questionText = {
        ...item.text,
        text: item.text.text.replace(/\[\[(\d+)\]\]/g, (_m, n: string) => {
          const gap = item.gaps[Number(n) - 1]!;
          const answers = gap.answers.map(
            (a) => `${a.fraction >= 100 ? '=' : `%${a.fraction}%`}${escapeClozeAnswer(a.text)}`,
          );
          return `{${gap.weight}:${gap.kind}:${answers.join('~')}}`;
        }),
      };
    }
    body.push(textElement('questiontext', questionText, files));
    body.push(
      `<generalfeedback format="html"><text>${cdata(item.generalFeedback ? textToHtml(item.generalFeedback) : '')}</text></generalfeedback>`,
    );
    if (item.defaultGrade !== null) body.push(`<defaultgrade>${item.defaultGrade}</defaultgrade>`);
    body.push('<penalty>0</penalty>', '<hidden>0</hidden>');
    for (const [name, value] of Object.entries(item.fields)) {
      if (name === 'graderinfo')
        body.push(`<graderinfo format="html"><text>${cdata(textToHtml(value))}</text></graderinfo>`);
      else if (name === 'responsetemplate')
        body.push(`<responsetemplate format="plain_text"><text>${cdata(value)}</text></responsetemplate>`);
      else body.push(`<${name}>${escapeXml(value)}</${name}>`);
    }
    for (const answer of item.answers) {
      const format = item.type === 'multichoice' || item.type === 'ordering' ? 'html' : 'plain_text';
      const inner = textElement('x', answer.text, files, format).replace(/^<x format="[^"]*">|<\/x>$/g, '');
      body.push(
        `<answer fraction="${answer.fraction}" format="${format}">${inner}${simpleText('feedback', answer.feedback)}${
          answer.tolerance !== undefined ? `<tolerance>${answer.tolerance}</tolerance>` : ''
        }</answer>`,
      );
    }
    for (const sub of item.subquestions)
      body.push(
        `<subquestion format="html"><text>${cdata(textToHtml(sub.text.text))}</text><answer><text>${cdata(sub.answer)}</text></answer></subquestion>`,
      );
    if (item.tags.length)
      body.push(`<tags>${item.tags.map((t) => `<tag><text>${cdata(t)}</text></tag>`).join('')}</tags>`);
    lines.push(
      `  <question type="${escapeXml(item.type)}">`,
      ...body.map((b) => `    ${b}`),
      '  </question>',
    );
  }
  lines.push('</quiz>', '');
  return lines.join('\n');
}
