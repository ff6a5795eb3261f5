import type { Question } from '@vbuilder/shared';

/**
 * The public contract of the question interchange module: pure conversion between vbuilder
 * questions and the files other platforms read and write. No database, no routes: the question
 * bank calls detectFormat / importQuestions / exportQuestions (index.ts) and stores the result.
 *
 * Formats:
 * - 'qti3'   QTI 3.0 items, tests and content packages (zip with imsmanifest.xml)
 * - 'qti2'   QTI 2.1 / 2.2 items, tests and content packages
 * - 'qti12'  QTI 1.2 (questestinterop), as Canvas and Blackboard export it, plain or zipped
 * - 'moodle' Moodle XML
 * - 'gift'   GIFT (UTF-8 or Windows-1252)
 * - 'aiken'  Aiken
 */
export const FORMATS = ['qti3', 'qti2', 'qti12', 'moodle', 'gift', 'aiken'] as const;
export type Format = (typeof FORMATS)[number];

/** The formats vbuilder writes (QTI is written as 3.0 only). */
export const EXPORT_FORMATS = ['qti3', 'moodle', 'gift', 'aiken'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** An uploaded file as the route hands it over. */
export interface InterchangeFile {
  name: string;
  bytes: Uint8Array;
}

/** A media file an imported question uses, with where it goes. */
export interface ImportedMedia {
  /** File name inside the source (unique within one question), e.g. 'diagram.png'. */
  name: string;
  contentType: string;
  bytes: Uint8Array;
  /**
   * Where the stored file's URL belongs: the question's imageUrl, or one choice option's
   * imageUrl. The question itself holds imageUrl null there until the bank stores the file.
   */
  target: { kind: 'question' } | { kind: 'option'; optionId: string };
}

/** A translatable reason: a code of the API's 'questionInterchange' namespace and its values. */
export interface InterchangeReason {
  code: ReasonCode;
  params: Record<string, string | number>;
  /** The reason in the reader's language (importQuestions' locale). */
  message: string;
}

/** A valid vbuilder question without its id (the bank gives ids). */
export type QuestionWithoutId = Omit<Question, 'id'>;

export interface ImportedQuestion {
  question: QuestionWithoutId;
  /** Category path from the outermost, e.g. ['Biology', 'Cells']; [] when the file has none. */
  category: string[];
  tags: string[];
  media: ImportedMedia[];
  /** What the question kept only in part (feedback vbuilder has no place for, extra images...). */
  warnings: InterchangeReason[];
  /** Where the item was in the file: 'line 12', a question name, or an item identifier. */
  source: string;
  /** The item as a teacher finds it, in the reader's language: 'Question 4 — “Photosynthesis…”'. */
  label: string;
}

export interface SkippedItem {
  /**
   * The item as a teacher finds it, in the reader's language: its position among the file's
   * questions and its title or first words ('Question 4 — “Photosynthesis…”'), or a package's file.
   */
  item: string;
  /** Where exactly it is in the file (element path, line, package file), for whoever opens the file. */
  location: string;
  reason: InterchangeReason;
}

export interface ImportResult {
  format: Format;
  questions: ImportedQuestion[];
  skipped: SkippedItem[];
}

export interface ImportOptions {
  /** When absent the format is detected (detectFormat); an undetectable file is malformed. */
  format?: Format;
  /** The reader's language for reasons (one of the 12; others read English). */
  locale: string;
}

/** A question as the exporter takes it: a vbuilder question plus where it sits in the bank. */
export interface ExportableQuestion extends Question {
  category?: string[];
  tags?: string[];
}

/** Bytes of a stored image, for images that are not inline data: URLs. */
export type ImageLoader = (
  url: string,
) => Promise<{ bytes: Uint8Array; contentType: string; name?: string } | null>;

export interface ExportOptions {
  /** Loads an image the question refers to by URL (stored uploads); without it only data: URLs are embedded. */
  loadImage?: ImageLoader;
  /** Base of the file name offered for download, e.g. the assessment's title. */
  title?: string;
  /** The reader's language for reasons. */
  locale?: string;
}

export interface NotExportable {
  questionId: string;
  reason: InterchangeReason;
}

/** A question written without some of its parts: each part the format has no place for. */
export interface PartlyExported {
  questionId: string;
  reasons: InterchangeReason[];
}

export interface ExportResult {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
  notExportable: NotExportable[];
  /** Questions in the file that lost a part on the way (listed before the download). */
  partial: PartlyExported[];
}

/** Why an item was skipped, a question not exported, or a part of it not kept. */
export const REASON_CODES = [
  /** The foreign question type has no vbuilder type that fits. params: { type } */
  'unsupportedType',
  /** It fits a vbuilder type but breaks one of its rules. params: { rule } (an i18n-free detail) */
  'doesNotFit',
  /** The item has no question text. */
  'noText',
  /** The item has no correct answer marked. */
  'noCorrectAnswer',
  /** More than one interaction in one QTI item. params: { count } */
  'severalInteractions',
  /** A cloze gap kind vbuilder cannot mark as a blank. params: { kind } */
  'clozeGapKind',
  /** Partial-credit weights that vbuilder's marking does not keep. params: { weights } */
  'weightsNotKept',
  /** A media file the item names is not in the package. params: { file } */
  'mediaMissing',
  /** A resource of the package could not be read as an item. params: { file } */
  'resourceUnreadable',
  /** Feedback vbuilder has no place for (dropped). */
  'feedbackDropped',
  /** Images beyond the first one of a text (dropped). params: { count } */
  'imagesDropped',
  /** Formatting (HTML) flattened to plain text. */
  'formattingFlattened',
  /** The format cannot carry this question type. params: { type } */
  'typeNotCarried',
  /** The format cannot carry images. */
  'imageNotCarried',
  /** The question's image could not be loaded. */
  'imageUnavailable',
  /** A score outside vbuilder's range or steps was rounded. params: { from, to } */
  'scoreRounded',
  /** A question of a text file that cannot be read (skipped; the others are read). params: { problem, ...its values } */
  'unreadable',
  /** Export: a part of the question the format has no place for (the rest is written). params: { part } */
  'partNotCarried',
  /** Export: the format has no points; the question comes back worth 1. params: { score } */
  'scoreNotCarried',
  /** Export: a valid question the format cannot hold as it is (GIFT: one blank...). params: { rule } */
  'notInFormat',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** Limits on what an import reads (a larger or denser file is refused as hostile). */
export const INTERCHANGE_LIMITS = {
  /** Upload size. */
  fileBytes: 50 * 1024 * 1024,
  /** Zip entries. */
  zipEntries: 2000,
  /** Uncompressed bytes of all entries together. */
  zipTotalBytes: 200 * 1024 * 1024,
  /** Uncompressed / compressed for an entry (deflate rarely passes 20 on real content). */
  zipRatio: 100,
  /** One XML document's characters. */
  xmlChars: 20 * 1024 * 1024,
  /** Items one file may hold. */
  items: 5000,
} as const;
