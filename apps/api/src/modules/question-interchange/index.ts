import { QuestionSchema, getQuestionType, type FamilyId, type QuestionTypeId } from '@vbuilder/shared';
import { translatorFor } from '../../i18n/index.ts';
import {
  isSkip,
  typeHintFromTags,
  TYPE_TAG_PREFIX,
  type Draft,
  type FamilyConverter,
  type Note,
  fitScore,
} from './convert.ts';
import { InterchangeFileError, malformed, tooLarge, type Problem } from './errors.ts';
import { CONVERTERS, type ConverterFormat, type FormatItems } from './families/registry.ts';
import { looksLikeAiken, readAiken } from './formats/aiken.ts';
import { readGift } from './formats/gift.ts';
import { isMoodleXml, readMoodle } from './formats/moodle.ts';
import { detectPackage, readQtiDocuments, type QtiUnit } from './formats/qti-package.ts';
import { decodeTextFile } from './formats/text-decode.ts';
import { decodeDataUrl, imageContentType, isHttpUrl, type RichText } from './rich-text.ts';
import {
  INTERCHANGE_LIMITS,
  type Format,
  type ImportOptions,
  type ImportResult,
  type ImportedMedia,
  type ImportedQuestion,
  type InterchangeFile,
  type SkippedItem,
} from './types.ts';
import { ruleKey } from './rules.ts';
import { reasonOf } from './reasons.ts';
import { hostileDoctype } from './xml.ts';
import { isZip } from './zip.ts';

export * from './types.ts';
export { InterchangeFileError } from './errors.ts';
// The one reader of uploaded zips, with its caps: AI generation reads DOCX sources through it too.
export { readZip, type ZipLimits } from './zip.ts';

/**
 * Question interchange: the three calls the question bank makes. Pure: bytes in, questions out
 * (and back); nothing is stored here. See types.ts for the contract and families/registry.ts for
 * which family each format carries.
 */

const ROOT =
  /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\]\s*)?>)*<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/;

function xmlRootFormat(text: string): Format | null {
  const root = ROOT.exec(text.replace(/^\uFEFF/, '').slice(0, 65536))?.[2];
  if (!root) return null;
  if (root === 'quiz') return 'moodle';
  if (root === 'questestinterop') return 'qti12';
  if (root === 'qti-assessment-item' || root === 'qti-assessment-test') return 'qti3';
  if (root === 'assessmentItem' || root === 'assessmentTest') return 'qti2';
  return null;
}

/** The file's format, from its content (the name only breaks ties); null when none is recognised. */
export function detectFormat(file: InterchangeFile): Format | null {
  if (file.bytes.length > INTERCHANGE_LIMITS.fileBytes) return null;
  if (isZip(file.bytes)) {
    try {
      return detectPackage(file.bytes);
    } catch {
      return null;
    }
  }
  const text = decodeTextFile(file.bytes);
  if (/^\s*</.test(text.replace(/^\uFEFF/, ''))) {
    const format = xmlRootFormat(text);
    if (format) return format;
    return isMoodleXml(text) ? 'moodle' : null;
  }
  if (looksLikeAiken(text) && !/[{}]/.test(text)) return 'aiken';
  if (/\{[\s\S]*\}|^\s*::|\$CATEGORY:/m.test(text)) return 'gift';
  if (/\.gift$/i.test(file.name)) return 'gift';
  return null;
}

/**
 * detectFormat for an import: a package or document refused for safety says so (hostile) rather
 * than passing for an unknown format.
 */
function detectOrRefuse(file: InterchangeFile): Format {
  if (isZip(file.bytes)) {
    const format = detectPackage(file.bytes);
    if (format) return format;
  } else {
    const refused = hostileDoctype(decodeTextFile(file.bytes.subarray(0, 65536)));
    if (refused) throw new InterchangeFileError('hostile', 'DOCTYPE', refused);
  }
  const format = detectFormat(file);
  if (!format) throw new InterchangeFileError('unknownFormat', '', 'format not recognised');
  return format;
}

/** One item read by a format, ready for the families: its intermediate and how to find its images. */
interface Unit<K extends ConverterFormat> {
  format: K;
  item: FormatItems[K];
  category: string[];
  tags: string[];
  hint: QuestionTypeId | null;
  where: string;
  /** The foreign type, for a skip reason when no family takes the item. */
  foreignType: string;
  /** An image reference → its bytes (package or embedded file), or null when missing. */
  image: (ref: string) => { bytes: Uint8Array; contentType: string; name: string } | null;
}
type AnyUnit = { [K in ConverterFormat]: Unit<K> }[ConverterFormat];

const FAMILY_ORDER = Object.keys(CONVERTERS) as FamilyId[];

function dispatch<K extends ConverterFormat>(unit: Unit<K>): Draft | { skip: Note } {
  const hinted = unit.hint ? getQuestionType(unit.hint).family : null;
  const order = hinted ? [hinted, ...FAMILY_ORDER.filter((f) => f !== hinted)] : FAMILY_ORDER;
  for (const family of order) {
    const converter = CONVERTERS[family][unit.format] as FamilyConverter<FormatItems[K], unknown> | null;
    const outcome = converter?.read(unit.item, unit.hint);
    if (outcome) return outcome;
  }
  return { skip: { code: 'unsupportedType', params: { type: unit.foreignType } } };
}

const unreadableNote = (problem: Problem): Note => ({
  code: 'unreadable',
  params: { problem: problem.code, ...problem.params },
});

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

function mediaFor(
  unit: AnyUnit,
  ref: string,
  target: ImportedMedia['target'],
  media: ImportedMedia[],
  notes: Note[],
): string | null {
  if (isHttpUrl(ref)) return ref;
  const data = ref.startsWith('data:') ? decodeDataUrl(ref) : null;
  const found = data
    ? { ...data, name: `image-${media.length + 1}.${data.contentType.split('/')[1]!.replace('+xml', '')}` }
    : unit.image(ref);
  if (!found || found.bytes.length > MAX_IMAGE_BYTES) {
    notes.push({ code: 'mediaMissing', params: { file: ref.slice(0, 200) } });
    return null;
  }
  media.push({ name: found.name, contentType: found.contentType, bytes: found.bytes, target });
  return null;
}

function toImported(
  unit: AnyUnit,
  draft: Draft,
  t: ReturnType<typeof translatorFor>,
): Omit<ImportedQuestion, 'label'> | SkippedItem {
  const notes = [...draft.notes];
  const media: ImportedMedia[] = [];
  const text: RichText = draft.text;
  if (text.text.trim() === '')
    return { item: unit.where, location: unit.where, reason: reasonOf({ code: 'noText' }, t) };
  const [first, ...rest] = text.images;
  const imageUrl = first ? mediaFor(unit, first, { kind: 'question' }, media, notes) : null;
  if (rest.length) notes.push({ code: 'imagesDropped', params: { count: rest.length } });
  if (text.flattened) notes.push({ code: 'formattingFlattened' });
  const config = draft.config as { options?: { id: string; imageUrl?: string | null }[] };
  for (const [optionId, ref] of Object.entries(draft.optionImages ?? {})) {
    const url = mediaFor(unit, ref, { kind: 'option', optionId }, media, notes);
    const option = config.options?.find((o) => o.id === optionId);
    if (option && url) option.imageUrl = url;
  }
  const score = fitScore(draft.score);
  if (draft.score !== null && score !== draft.score)
    notes.push({ code: 'scoreRounded', params: { from: draft.score, to: score } });
  const question = { type: draft.type, text: text.text, score, imageUrl, config: draft.config };
  const parsed = QuestionSchema.safeParse({ id: 'imported', ...question });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      item: unit.where,
      location: unit.where,
      reason: reasonOf({ code: 'doesNotFit', params: { rule: ruleKey(issue) } }, t),
    };
  }
  const { id: _id, ...valid } = parsed.data;
  const seen = new Set<string>();
  const warnings = notes
    .filter((n) => {
      const key = `${n.code}:${JSON.stringify(n.params ?? {})}`;
      return !seen.has(key) && seen.add(key);
    })
    .map((n) => reasonOf(n, t));
  return {
    question: valid,
    category: unit.category,
    tags: unit.tags,
    media,
    warnings,
    source: unit.where,
  };
}

function noImages(): null {
  return null;
}

/** A question of a text file that could not be read, in its place among the file's questions. */
interface Broken {
  broken: true;
  where: string;
  words: string;
  note: Note;
}

function unitsOf(
  format: Format,
  bytes: Uint8Array,
): { units: (AnyUnit | Broken)[]; skipped: { item: string; note: Note }[] } {
  const skipped: { item: string; note: Note }[] = [];
  const broken = (entry: { where: string; words: string; problem: Problem }): Broken => ({
    broken: true,
    where: entry.where,
    words: entry.words,
    note: unreadableNote(entry.problem),
  });
  if (format === 'moodle') {
    const text = decodeTextFile(bytes);
    const units: AnyUnit[] = readMoodle(text).map(({ item, category, files, where }) => {
      const { hint, tags } = typeHintFromTags(item.tags);
      return {
        format: 'moodle',
        item,
        category,
        tags,
        hint,
        where,
        foreignType: item.type,
        image: (ref: string) => {
          const data = files.get(ref);
          const contentType = imageContentType(ref);
          return data && contentType ? { bytes: data, contentType, name: ref } : null;
        },
      };
    });
    return { units, skipped };
  }
  if (format === 'gift') {
    const units = readGift(decodeTextFile(bytes)).map((entry): AnyUnit | Broken => {
      if ('problem' in entry) return broken(entry);
      const { item, category, where } = entry;
      const { hint, tags } = typeHintFromTags(item.tags);
      return { format: 'gift', item, category, tags, hint, where, foreignType: item.kind, image: noImages };
    });
    return { units, skipped };
  }
  if (format === 'aiken') {
    const units = readAiken(decodeTextFile(bytes)).map((entry): AnyUnit | Broken =>
      'problem' in entry
        ? broken(entry)
        : {
            format: 'aiken',
            item: entry.item,
            category: [],
            tags: [],
            hint: null,
            where: entry.where,
            foreignType: 'multiple choice',
            image: noImages,
          },
    );
    return { units, skipped };
  }
  const read = readQtiDocuments(bytes, format);
  for (const s of read.skipped) skipped.push(s);
  const units: AnyUnit[] = read.units.map((u: QtiUnit) => ({
    format: 'qti',
    item: u.item,
    category: u.category,
    tags: [],
    hint: typeHintFromTags(u.item.typeHint ? [`${TYPE_TAG_PREFIX}${u.item.typeHint}`] : []).hint,
    where: u.where,
    foreignType: u.foreignType,
    image: u.image,
  }));
  return { units, skipped };
}

/**
 * Reads every question of a file. Items no vbuilder type fits, or that break a type's rules, are
 * in `skipped` with a translated reason; never dropped silently. Throws InterchangeFileError for
 * a file that is malformed (with the line or element), hostile, too large, or of no known format.
 */
export function importQuestions(file: InterchangeFile, options: ImportOptions): ImportResult {
  if (file.bytes.length > INTERCHANGE_LIMITS.fileBytes) throw tooLarge('', 'file too large');
  const format = options.format ?? detectOrRefuse(file);
  const t = translatorFor(options.locale);
  const { units, skipped: early } = unitsOf(format, file.bytes);
  // One unreadable question does not refuse the others; a file with nothing readable is refused.
  const firstBroken = units.find((u): u is Broken => 'broken' in u);
  if (firstBroken && units.every((u) => 'broken' in u))
    throw malformed(firstBroken.where, 'no question of the file could be read');
  const questions: ImportedQuestion[] = [];
  // Package parts that never became a question (a missing or unreadable file) are named by their file.
  const skipped: SkippedItem[] = early.map((s) => ({
    item: t('questionInterchange:labels.file', { file: s.item }),
    location: s.item,
    reason: reasonOf(s.note, t),
  }));
  for (const [index, unit] of units.entries()) {
    if ('broken' in unit) {
      const words = firstWords(unit.words);
      skipped.push({
        item: words
          ? t('questionInterchange:labels.question', { number: index + 1, words })
          : t('questionInterchange:labels.questionNoText', { number: index + 1 }),
        location: unit.where,
        reason: reasonOf(unit.note, t),
      });
      continue;
    }
    const label = unitLabel(unit, index + 1, t);
    const outcome = dispatch(unit as Unit<ConverterFormat>);
    if (isSkip(outcome)) {
      skipped.push({ item: label, location: unit.where, reason: reasonOf(outcome.skip, t) });
      continue;
    }
    const result = toImported(unit, outcome, t);
    if ('reason' in result) skipped.push({ ...result, item: label });
    else questions.push({ ...result, label });
  }
  return { format, questions, skipped };
}

/** A text's first words, cut at a word boundary near `max` characters (with an ellipsis when cut). */
export function firstWords(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if ([...flat].length <= max) return flat;
  const cut = [...flat].slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?]+$/u, '')}…`;
}

/**
 * How a teacher finds an item of the file: its position among the file's questions and its title
 * (Moodle name, GIFT title, QTI title), else its first words; "Question 4 — “Photosynthesis…”".
 */
function unitLabel(unit: AnyUnit, position: number, t: ReturnType<typeof translatorFor>): string {
  const item = unit.item as { name?: string; title?: string; text?: RichText | string };
  const text = typeof item.text === 'string' ? item.text : (item.text?.text ?? '');
  const words = firstWords((item.name ?? item.title ?? '').trim() || text);
  return words
    ? t('questionInterchange:labels.question', { number: position, words })
    : t('questionInterchange:labels.questionNoText', { number: position });
}

export { exportQuestions, type LoadedImage } from './export-questions.ts';
export { malformed };
