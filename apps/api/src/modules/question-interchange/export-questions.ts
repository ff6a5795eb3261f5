// Export: questions out to a file (QTI 3.0, Moodle XML, GIFT, Aiken), with their images and what
// each format could not carry. The import is in index.ts.
import { QuestionSchema, getQuestionType } from '@vbuilder/shared';
import { translatorFor } from '../../i18n/index.ts';
import { isSkip, TYPE_TAG_PREFIX, type FamilyConverter, type Note } from './convert.ts';
import { CONVERTERS, FAMILY_IMAGES, type ConverterFormat } from './families/registry.ts';
import { writeAiken } from './formats/aiken.ts';
import { writeGift } from './formats/gift.ts';
import type { AikenItem, GiftItem, MoodleItem, QtiItem } from './formats/models.ts';
import { writeMoodle } from './formats/moodle.ts';
import { writeQtiPackage } from './formats/qti-package.ts';
import { decodeDataUrl, isHttpUrl, type RichText } from './rich-text.ts';
import {
  type ExportFormat,
  type ExportOptions,
  type ExportResult,
  type ExportableQuestion,
  type NotExportable,
  type PartlyExported,
} from './types.ts';
import { lostParts } from './losses.ts';
import { ruleKey } from './rules.ts';
import { reasonOf } from './reasons.ts';

const FORMAT_CONVERTER: Record<ExportFormat, ConverterFormat> = {
  qti3: 'qti',
  moodle: 'moodle',
  gift: 'gift',
  aiken: 'aiken',
};

export interface LoadedImage {
  bytes: Uint8Array;
  contentType: string;
  name: string;
}

async function loadImage(url: string, options: ExportOptions, index: number): Promise<LoadedImage | null> {
  const data = decodeDataUrl(url);
  const loaded = data ?? (options.loadImage ? await options.loadImage(url) : null);
  if (!loaded) return null;
  const ext = loaded.contentType.split('/')[1]?.replace('+xml', '').replace('jpeg', 'jpg') ?? 'bin';
  const given = 'name' in loaded && typeof loaded.name === 'string' ? loaded.name : '';
  const base = given.replace(/[^\w.-]+/g, '_');
  return { bytes: loaded.bytes, contentType: loaded.contentType, name: base || `image-${index}.${ext}` };
}

const safeFileName = (title: string | undefined) =>
  [...(title ?? 'questions').normalize('NFKC')]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80) || 'questions';

/**
 * Writes questions in a format. Types the format cannot carry, and questions it cannot hold as
 * they are (an Aiken question with two right answers, an image GIFT cannot embed…), are listed
 * in notExportable with a reason and left out; the rest are written, and those written without
 * a part the format has no place for (a rubric in GIFT, points in Aiken) are listed in partial.
 */
export async function exportQuestions(
  questions: readonly ExportableQuestion[],
  format: ExportFormat,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const t = translatorFor(options.locale);
  const notExportable: NotExportable[] = [];
  const partial: PartlyExported[] = [];
  const fmt = FORMAT_CONVERTER[format];
  const written: { question: ExportableQuestion; item: unknown; images: Map<string, LoadedImage> }[] = [];
  let imageIndex = 0;
  for (const question of questions) {
    const family = getQuestionType(question.type).family;
    const converter = CONVERTERS[family][fmt] as FamilyConverter<unknown, unknown> | null;
    const refuse = (note: Note) => {
      const reason = reasonOf(note, t);
      // The type by its name in the reader's language (params keep its id for programs).
      if (note.code === 'typeNotCarried')
        reason.message = t('questionInterchange:reasons.typeNotCarried', {
          type: t(`questionTypes:types.${question.type}.label`),
        });
      notExportable.push({ questionId: question.id, reason });
    };
    if (!converter) {
      refuse({ code: 'typeNotCarried', params: { type: question.type } });
      continue;
    }
    // A stored question that no longer passes its family's rules is not written half-understood.
    const valid = QuestionSchema.safeParse(question);
    if (!valid.success) {
      const issue = valid.error.issues[0]!;
      refuse({ code: 'doesNotFit', params: { rule: ruleKey(issue) } });
      continue;
    }
    const item = converter.write(question as never);
    if (isSkip(item)) {
      // The question keeps vbuilder's rules: what it breaks is a limit of the format.
      refuse(item.skip.code === 'doesNotFit' ? { ...item.skip, code: 'notInFormat' } : item.skip);
      continue;
    }
    // Images: the question's own and its family's (choice: the options'), loaded so the format can embed them.
    const familyImages = FAMILY_IMAGES[family] as ((config: unknown) => (string | null | undefined)[]) | null;
    const urls = [question.imageUrl, ...(familyImages?.(question.config) ?? [])].filter(
      (u): u is string => !!u,
    );
    const images = new Map<string, LoadedImage>();
    let failed: Note | null = null;
    for (const url of urls) {
      if (format === 'aiken') failed = { code: 'imageNotCarried' };
      else if (isHttpUrl(url)) continue;
      else if (format === 'gift') failed = { code: 'imageNotCarried' };
      else {
        const loaded = await loadImage(url, options, ++imageIndex);
        if (!loaded) failed = { code: 'imageUnavailable' };
        else images.set(url, { ...loaded, name: uniqueName(loaded.name, images, imageIndex) });
      }
      if (failed) break;
    }
    if (failed) {
      refuse(failed);
      continue;
    }
    written.push({ question, item, images });
    const lost = lostParts(question, format);
    if (lost.length) partial.push({ questionId: question.id, reasons: lost.map((n) => reasonOf(n, t)) });
  }
  const base = safeFileName(options.title);
  const encoder = new TextEncoder();
  if (fmt === 'aiken') {
    const text = writeAiken(written.map((w) => w.item as AikenItem));
    return {
      bytes: encoder.encode(text),
      contentType: 'text/plain; charset=utf-8',
      fileName: `${base}.aiken.txt`,
      notExportable,
      partial,
    };
  }
  if (fmt === 'gift') {
    const text = writeGift(
      written.map(({ question, item }) => {
        const gift = item as GiftItem;
        gift.tags = [...(question.tags ?? []), `${TYPE_TAG_PREFIX}${question.type}`];
        const images = [question.imageUrl].filter((u): u is string => !!u && isHttpUrl(u));
        return { item: gift, category: question.category ?? [], images };
      }),
    );
    return {
      bytes: encoder.encode(text),
      contentType: 'text/plain; charset=utf-8',
      fileName: `${base}.gift.txt`,
      notExportable,
      partial,
    };
  }
  if (fmt === 'moodle') {
    const xml = writeMoodle(
      written.map(({ question, item, images }) => {
        const moodle = item as MoodleItem;
        moodle.name ||= question.text.split('\n')[0]!.slice(0, 100);
        moodle.tags = [...(question.tags ?? []), `${TYPE_TAG_PREFIX}${question.type}`];
        const files = new Map<string, Uint8Array>();
        const rename = (rich: RichText) => {
          rich.images = rich.images.map((url) => {
            const image = images.get(url);
            if (!image) return url;
            files.set(image.name, image.bytes);
            return image.name;
          });
        };
        if (question.imageUrl) moodle.text.images = [question.imageUrl];
        rename(moodle.text);
        for (const answer of moodle.answers) rename(answer.text);
        return { item: moodle, category: question.category ?? [], files };
      }),
    );
    return {
      bytes: encoder.encode(xml),
      contentType: 'application/xml',
      fileName: `${base}.moodle.xml`,
      notExportable,
      partial,
    };
  }
  const bytes = writeQtiPackage(
    written.map(({ question, item, images }, index) => {
      const qti = item as QtiItem;
      qti.identifier = `Q${index + 1}`;
      qti.title = question.text.split('\n')[0]!.slice(0, 200);
      if (question.imageUrl) qti.text.images = [question.imageUrl];
      return { item: qti, category: question.category ?? [], images };
    }),
    options.locale ?? 'en',
    base,
  );
  return { bytes, contentType: 'application/zip', fileName: `${base}.qti3.zip`, notExportable, partial };
}

function uniqueName(name: string, taken: Map<string, LoadedImage>, index: number): string {
  const names = new Set([...taken.values()].map((i) => i.name));
  return names.has(name) ? `${index}-${name}` : name;
}
