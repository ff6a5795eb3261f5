import { InterchangeFileError, tooLarge, unreadable, type Problem } from '../errors.ts';
import { escapeHtml } from '@vbuilder/shared';
import { htmlToText, plain, textToHtml, type RichText } from '../rich-text.ts';
import { INTERCHANGE_LIMITS } from '../types.ts';
import type { GiftAnswer, GiftItem } from './models.ts';
import { linesOf } from './text-decode.ts';

/**
 * GIFT (https://docs.moodle.org/en/GIFT_format): reader and writer. Questions are separated by
 * blank lines; `//` lines are comments (Moodle reads `// [tag:x]` in them as tags);
 * `$CATEGORY: a/b` sets the category of the questions after it; `::title::`, `[html]`,
 * `[moodle]`, `[plain]`, `[markdown]`; `\` escapes ~ = # { } : and `\n` is a line break.
 */

export interface GiftReadItem {
  item: GiftItem;
  category: string[];
  where: string;
  line: number;
}

/** A question the reader could not read: skipped with its line and what is wrong; the others are read. */
export interface GiftUnreadable {
  problem: Problem;
  where: string;
  line: number;
  /** Its title, or its text up to the answers, so a teacher finds it. */
  words: string;
}

type TextFormat = 'moodle' | 'html' | 'plain' | 'markdown';

/** Index of the first unescaped `ch` at or after `from`, or -1. */
function findUnescaped(value: string, ch: string, from = 0): number {
  for (let i = from; i < value.length; i++) {
    if (value[i] === '\\') i++;
    else if (value[i] === ch) return i;
  }
  return -1;
}

function splitUnescaped(value: string, separators: RegExp): { sep: string; text: string }[] {
  const out: { sep: string; text: string }[] = [];
  let current = '';
  let sep = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) {
      current += c + value[i + 1];
      i++;
    } else if (separators.test(c)) {
      if (current.trim() !== '' || sep !== '') out.push({ sep, text: current });
      sep = c;
      current = '';
    } else current += c;
  }
  if (current.trim() !== '' || sep !== '') out.push({ sep, text: current });
  return out;
}

const unescape = (value: string) => value.replace(/\\n/g, '\n').replace(/\\([~=#{}:\\-])/g, '$1');
const escapeGift = (value: string) => value.replace(/([~=#{}:\\])/g, '\\$1').replace(/\n/g, '\\n');

function markdownToText(value: string): RichText {
  const images: string[] = [];
  const text = value
    .replace(/!\[[^\]]*\]\(([^)\s]+)[^)]*\)/g, (_m, src: string) => {
      images.push(src);
      return '';
    })
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, '$1 ($2)')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(.+?)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1');
  return { text: text.trim(), images, flattened: text.trim() !== value.trim() || images.length > 0 };
}

function toText(raw: string, format: TextFormat): RichText {
  const value = unescape(raw).trim();
  if (format === 'plain') return plain(value);
  if (format === 'markdown') return markdownToText(value);
  return htmlToText(format === 'moodle' ? value.replace(/\n/g, '<br/>') : value);
}

function parseFeedback(raw: string, format: TextFormat): { text: string; feedback: string } {
  const index = findUnescaped(raw, '#');
  if (index < 0) return { text: toText(raw, format).text, feedback: '' };
  return {
    text: toText(raw.slice(0, index), format).text,
    feedback: toText(raw.slice(index + 1), format).text,
  };
}

function parseNumber(value: string, where: string): number {
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(n))
    throw unreadable(where, `“${value.trim()}” is not a number`, {
      code: 'notANumber',
      params: { value: value.trim().slice(0, 40) },
    });
  return n;
}

function parseBlock(
  block: string,
  format: TextFormat,
  where: string,
): Partial<GiftItem> & Pick<GiftItem, 'kind'> {
  let body = block;
  let generalFeedback = '';
  const general = body.indexOf('####');
  if (general >= 0) {
    generalFeedback = toText(body.slice(general + 4), format).text;
    body = body.slice(0, general);
  }
  const trimmed = body.trim();
  if (trimmed === '') return { kind: 'essay', generalFeedback, hasFeedback: generalFeedback !== '' };
  const tf = /^(T|TRUE|F|FALSE)\s*(#.*)?$/s.exec(trimmed);
  if (tf)
    return {
      kind: 'trueFalse',
      trueFalse: tf[1]![0] === 'T',
      generalFeedback,
      hasFeedback: generalFeedback !== '' || (tf[2] ?? '').replace(/#/g, '').trim() !== '',
    };
  if (trimmed.startsWith('#')) {
    const entries = trimmed.slice(1).trim();
    const parts = /^[=~]/.test(entries) ? splitUnescaped(entries, /[=~]/) : [{ sep: '=', text: entries }];
    let feedback = false;
    const numeric = parts.map((part) => {
      let value = part.text;
      let weight = part.sep === '=' ? 100 : 0;
      const w = /^%(-?\d+(?:\.\d+)?)%/.exec(value.trim());
      if (w) {
        weight = Number(w[1]);
        value = value.trim().slice(w[0].length);
      }
      const fb = findUnescaped(value, '#');
      if (fb >= 0) {
        feedback ||= value.slice(fb + 1).trim() !== '';
        value = value.slice(0, fb);
      }
      const range = /^(.+?)\.\.(.+)$/.exec(value.trim());
      if (range) return { min: parseNumber(range[1]!, where), max: parseNumber(range[2]!, where), weight };
      const [v, tol] = unescape(value).split(':');
      const center = parseNumber(v!, where);
      const tolerance = tol === undefined ? 0 : Math.abs(parseNumber(tol, where));
      return { min: center - tolerance, max: center + tolerance, weight };
    });
    return { kind: 'numeric', numeric, generalFeedback, hasFeedback: feedback || generalFeedback !== '' };
  }
  const parts = splitUnescaped(trimmed, /[=~]/);
  if (parts.some((p) => p.sep === ''))
    throw unreadable(where, 'an answer must start with = or ~', { code: 'answerPrefix' });
  const isMatching = parts.length > 0 && parts.every((p) => p.sep === '=' && /\s*->\s*/.test(p.text));
  if (isMatching) {
    let feedback = false;
    const matches = parts.map((p) => {
      const arrow = p.text.indexOf('->');
      const right = p.text.slice(arrow + 2);
      const fb = findUnescaped(right, '#');
      if (fb >= 0) feedback = true;
      return {
        left: toText(p.text.slice(0, arrow), format).text,
        right: toText(fb >= 0 ? right.slice(0, fb) : right, format).text,
      };
    });
    return { kind: 'matching', matches, generalFeedback, hasFeedback: feedback || generalFeedback !== '' };
  }
  const answers: GiftAnswer[] = parts.map((p) => {
    let value = p.text.trim();
    let weight = p.sep === '=' ? 100 : 0;
    const w = /^%(-?\d+(?:\.\d+)?)%/.exec(value);
    if (w) {
      weight = Number(w[1]);
      value = value.slice(w[0].length);
    }
    const { text, feedback } = parseFeedback(value, format);
    return { text, weight, feedback };
  });
  const hasFeedback = answers.some((a) => a.feedback !== '') || generalFeedback !== '';
  const short = parts.every((p) => p.sep === '=');
  return { kind: short ? 'short' : 'choice', answers, generalFeedback, hasFeedback };
}

/**
 * Every question of a GIFT file, in order. A question that cannot be read (an unclosed brace, a
 * number that is not one) is returned as GiftUnreadable and the reader goes on with the next, as
 * Moodle does; the caller refuses the file only when nothing in it could be read.
 */
export function readGift(text: string): (GiftReadItem | GiftUnreadable)[] {
  const lines = linesOf(text.replace(/^\uFEFF/, ''));
  const out: (GiftReadItem | GiftUnreadable)[] = [];
  let category: string[] = [];
  let chunk: { line: number; text: string[]; tags: string[] } | null = null;
  const flush = () => {
    if (!chunk) return;
    const current = chunk;
    chunk = null;
    const source = current.text.join('\n').trim();
    if (source === '') return;
    const where = `line ${current.line}`;
    const cat = /^\$CATEGORY:\s*(.*)$/i.exec(source);
    if (cat) {
      category = cat[1]!
        .split('/')
        .map((p) => p.trim())
        .filter((p, i) => p !== '' && !(i === 0 && /^\$\w+\$$/.test(p)) && !(p === 'top' && i <= 1));
      return;
    }
    if (out.length >= INTERCHANGE_LIMITS.items) throw tooLarge('', 'too many questions');
    try {
      readQuestion(source, current);
    } catch (error) {
      if (!(error instanceof InterchangeFileError) || !error.problem) throw error;
      const title = unescape(/^::(.*?)::/s.exec(source)?.[1] ?? '').trim();
      const words = title || source.slice(0, Math.max(0, findUnescaped(source, '{'))) || source;
      out.push({
        problem: error.problem,
        where: title ? `${where} “${title}”` : where,
        line: current.line,
        words: unescape(words).trim(),
      });
    }
  };
  const readQuestion = (source: string, current: { line: number; tags: string[] }) => {
    const where = `line ${current.line}`;
    let rest = source;
    let title = '';
    if (rest.startsWith('::')) {
      const end = rest.indexOf('::', 2);
      if (end < 0) throw unreadable(where, 'the title is not closed with ::', { code: 'titleNotClosed' });
      title = unescape(rest.slice(2, end)).trim();
      rest = rest.slice(end + 2).trimStart();
    }
    let format: TextFormat = 'moodle';
    const fmt = /^\[(html|moodle|plain|markdown)\]/i.exec(rest);
    if (fmt) {
      format = fmt[1]!.toLowerCase() as TextFormat;
      rest = rest.slice(fmt[0].length);
    }
    const open = findUnescaped(rest, '{');
    if (open < 0) {
      out.push({
        item: base(title, toText(rest, format), 'description', current.tags),
        category,
        where,
        line: current.line,
      });
      return;
    }
    const close = findUnescaped(rest, '}', open + 1);
    if (close < 0) throw unreadable(where, 'the answers are not closed with }', { code: 'answersNotClosed' });
    if (findUnescaped(rest, '{', close + 1) >= 0)
      throw unreadable(where, 'a question can have one answer block only', { code: 'oneAnswerBlock' });
    const block = parseBlock(rest.slice(open + 1, close), format, where);
    const item = base(title, toText(rest.slice(0, open), format), block.kind, current.tags);
    Object.assign(item, block);
    item.textAfter = toText(rest.slice(close + 1), format).text;
    out.push({ item, category, where: title ? `${where} “${title}”` : where, line: current.line });
  };
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '') return flush();
    if (trimmed.startsWith('//')) {
      chunk ??= { line: index + 1, text: [], tags: [] };
      for (const tag of trimmed.matchAll(/\[tag:([^\]]+)\]/g)) chunk.tags.push(tag[1]!.trim());
      return;
    }
    chunk ??= { line: index + 1, text: [], tags: [] };
    if (chunk.text.length === 0) chunk.line = index + 1;
    chunk.text.push(line);
    if (/^\$CATEGORY:/i.test(trimmed)) flush();
  });
  flush();
  return out;
}

function base(title: string, text: RichText, kind: GiftItem['kind'], tags: string[]): GiftItem {
  return {
    title,
    text,
    textAfter: '',
    kind,
    answers: [],
    trueFalse: null,
    matches: [],
    numeric: [],
    hasFeedback: false,
    generalFeedback: '',
    tags,
  };
}

export interface GiftWriteItem {
  item: GiftItem;
  category: string[];
  /** http(s) image sources to show with the question text. */
  images: string[];
}

const weight = (value: number) =>
  value === 100 ? '=' : value === 0 ? '~' : `~%${Math.round(value * 100000) / 100000}%`;
const html = (value: string) => escapeGift(escapeHtml(value));

/** GIFT text, always [html] (so text stays exactly what it was), a $CATEGORY line per change. */
export function writeGift(items: GiftWriteItem[]): string {
  const out: string[] = [];
  let category: string | null = null;
  for (const { item, category: path, images } of items) {
    const key = path.join('/');
    if (key !== category) {
      category = key;
      out.push(`$CATEGORY: $course$/top${key ? `/${key}` : ''}`, '');
    }
    if (item.tags.length)
      out.push(`// ${item.tags.map((t) => `[tag:${t.replace(/[\]\n]/g, ' ')}]`).join(' ')}`);
    const title = item.title ? `::${escapeGift(item.title)}::` : '';
    const text = escapeGift(textToHtml(item.text.text, images));
    let block = '';
    switch (item.kind) {
      case 'trueFalse':
        block = item.trueFalse ? 'TRUE' : 'FALSE';
        break;
      case 'choice':
      case 'short':
        block = item.answers
          .map((a) => `${item.kind === 'short' && a.weight === 100 ? '=' : weight(a.weight)}${html(a.text)}`)
          .join(' ');
        break;
      case 'matching':
        block = item.matches.map((m) => `=${html(m.left)} -> ${html(m.right)}`).join(' ');
        break;
      case 'numeric':
        block = `#${item.numeric.map((n) => `=${n.min === n.max ? n.min : `${n.min}..${n.max}`}`).join(' ')}`;
        break;
      case 'essay':
        block = '';
        break;
      case 'description':
        out.push(`${title}[html]${text}`, '');
        continue;
    }
    const after = item.textAfter ? ` ${escapeGift(escapeHtml(item.textAfter))}` : '';
    out.push(`${title}[html]${text} {${block}}${after}`, '');
  }
  return out.join('\n');
}
