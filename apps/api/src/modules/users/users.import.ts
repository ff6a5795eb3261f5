import { parse, CsvError } from 'csv-parse/sync';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import {
  EmailSchema,
  isSuperAdministrator,
  LANGUAGES,
  matchLanguage,
  NameSchema,
  PhoneSchema,
  type ImportUsersResult,
  type LanguageCode,
} from '@vbuilder/shared';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { findOrganizationName, findTakenEmails } from './users.repository.ts';
import { createInvitations, inviterName, sendInvitations, type UsersContext } from './users.service.ts';
import { ownOrganization } from './users.policy.ts';

/** POST /users/import limits: the file's size (multipart limit) and its data rows. */
export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_MAX_ROWS = 1000;
/** The role every imported person gets ("bulk add students"). */
export const IMPORT_ROLE = 'Student';

/**
 * Header names accepted for each column, compared lower-case and trimmed. The template is
 * `name,email,phone`; the others are what spreadsheets people already have tend to say.
 */
const COLUMN_NAMES = {
  name: ['name', 'full name', 'fullname', 'student name'],
  email: ['email', 'e-mail', 'email address', 'e-mail address'],
  phone: ['phone', 'phone number', 'telephone', 'mobile'],
  language: ['language', 'lang', 'language code'],
} as const;
type Column = keyof typeof COLUMN_NAMES;

/** One data row of the file, with its line number there (what a spreadsheet shows as the row). */
export interface CsvPerson {
  row: number;
  name: string;
  email: string;
  phone: string;
  /** As written in the file ('' when the column is absent or empty); see languageOfCell. */
  language: string;
}

/** English names people write in a spreadsheet for each of the 12 languages. */
const ENGLISH_NAMES: Record<string, LanguageCode> = {
  english: 'en',
  indonesian: 'id',
  'bahasa indonesia': 'id',
  malay: 'ms',
  'bahasa melayu': 'ms',
  vietnamese: 'vi',
  swahili: 'sw',
  kiswahili: 'sw',
  filipino: 'fil',
  tagalog: 'fil',
  burmese: 'my',
  myanmar: 'my',
  thai: 'th',
  nepali: 'ne',
  khmer: 'km',
  cambodian: 'km',
  chinese: 'zh',
  mandarin: 'zh',
  bengali: 'bn',
  bangla: 'bn',
};

/**
 * A language cell: a code ('bn', 'th-TH'), the language's own name ('বাংলা') or its English name
 * ('Bengali'); null when empty or not one of the 12 (the row then gets the import's language).
 */
export function languageOfCell(cell: string): LanguageCode | null {
  const text = cell.trim().toLowerCase();
  if (!text) return null;
  return (
    matchLanguage(text) ??
    LANGUAGES.find((l) => l.name.toLowerCase() === text)?.code ??
    ENGLISH_NAMES[text] ??
    null
  );
}

const csvInvalid = (message: string, details?: unknown) => badRequest('csv_invalid', message, details);

/**
 * Text of an uploaded file, or csv_invalid when it is a binary format (a spreadsheet saved as
 * .xlsx, an image, a PDF...). UTF-8 is expected; files that are not valid UTF-8 are read as
 * Windows-1252, which is what older spreadsheet programs save "CSV" in.
 */
async function decodeText(bytes: Buffer): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    throw csvInvalid(`This is a ${detected.ext} file, not a CSV file`, { detected: detected.ext });
  }
  if (bytes.subarray(0, 8192).includes(0)) throw csvInvalid('This is a binary file, not a CSV file');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * The separator of the header line: ';' when it has more semicolons than commas (what
 * spreadsheets write where the comma is the decimal mark), ',' otherwise. Decided on the header
 * alone because data rows can hold either character inside quotes.
 */
function detectDelimiter(text: string): ',' | ';' {
  const firstLine =
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((l) => l.trim() !== '') ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (c: string) => unquoted.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Reads a CSV file of people (header row, then one person a row). Handles a byte-order mark,
 * ',' or ';' separators, quoted fields (with separators, quotes or line breaks inside), blank
 * lines, CRLF line ends and surrounding spaces. Throws 400 csv_invalid, csv_header_invalid,
 * csv_empty or csv_too_many_rows for files that cannot be imported at all.
 */
export async function parsePeopleCsv(bytes: Buffer): Promise<CsvPerson[]> {
  const text = await decodeText(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text),
      info: true,
      skip_empty_lines: true,
      // Spreadsheets export trailing rows of empty cells (",,") after the data.
      skip_records_with_empty_values: true,
      trim: true,
      relax_column_count: true,
      relax_quotes: false,
    }) as unknown as typeof records;
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      throw csvInvalid(`The file is not valid CSV${line ? ` (line ${line})` : ''}: ${err.message}`, { line });
    }
    throw err;
  }

  const [header, ...data] = records;
  if (!header) throw new AppError(400, 'csv_empty', 'The file has no rows to import');
  const names = header.record.map((h) => h.trim().toLowerCase());
  const index = Object.fromEntries(
    (Object.keys(COLUMN_NAMES) as Column[]).map((column) => [
      column,
      names.findIndex((n) => (COLUMN_NAMES[column] as readonly string[]).includes(n)),
    ]),
  ) as Record<Column, number>;
  const missing = (['name', 'email'] as const).filter((c) => index[c] < 0);
  if (missing.length) {
    throw new AppError(
      400,
      'csv_header_invalid',
      `The first row must name the columns name, email and optionally phone (missing: ${missing.join(', ')})`,
      { missing, expected: ['name', 'email', 'phone'] },
    );
  }
  if (data.length === 0) throw new AppError(400, 'csv_empty', 'The file has no rows to import');
  if (data.length > IMPORT_MAX_ROWS) {
    throw new AppError(
      400,
      'csv_too_many_rows',
      `The file has ${data.length} rows; at most ${IMPORT_MAX_ROWS} can be imported at a time`,
      { rows: data.length, max: IMPORT_MAX_ROWS },
    );
  }

  const cell = (record: string[], column: Column) =>
    index[column] >= 0 ? (record[index[column]] ?? '') : '';
  return data.map(({ record, info }) => ({
    // info.lines is the line the record ends on; a quoted field may span several lines.
    row: info.lines - record.reduce((n, field) => n + (field.match(/\n/g)?.length ?? 0), 0),
    name: cell(record, 'name'),
    email: cell(record, 'email'),
    phone: cell(record, 'phone'),
    language: cell(record, 'language'),
  }));
}

/** The same rules as the add-user form, so a row is accepted exactly when the form would accept it. */
const PersonSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone: z.union([PhoneSchema, z.literal('')]),
});

/**
 * POST /users/import: adds the file's people as Students of the actor's organization (the
 * Super Administrator names one), each invited by mail. Rows are checked one by one; the good
 * ones are created in one transaction and mailed after it commits, the others come back with
 * their reasons (validation keys like 'validation.emailInvalid', or 'email_taken',
 * 'duplicate_in_file'). Each person is invited in the language of their row's language column,
 * else `language`, else the importer's own.
 */
export async function importStudents(
  ctx: UsersContext,
  actor: Actor,
  requestedOrganizationId: string | undefined,
  bytes: Buffer,
  language: LanguageCode = actor.language,
): Promise<ImportUsersResult> {
  let organizationId: string;
  if (isSuperAdministrator(actor.role)) {
    if (!requestedOrganizationId) {
      throw badRequest('validation_error', 'Choose the organization to import into', [
        { path: ['organizationId'], message: 'validation.organizationRequired' },
      ]);
    }
    organizationId = requestedOrganizationId;
  } else {
    organizationId = ownOrganization(actor, requestedOrganizationId);
  }
  const organization = await findOrganizationName(ctx.db, organizationId);
  if (!organization) throw notFound('organization');

  const people = await parsePeopleCsv(bytes);

  const rejected: ImportUsersResult['rejected'] = [];
  const valid: (CsvPerson & { email: string; phone: string })[] = [];
  const seen = new Set<string>();
  for (const person of people) {
    const parsed = PersonSchema.safeParse(person);
    if (!parsed.success) {
      const reasons = [...new Set(parsed.error.issues.map((i) => i.message))];
      rejected.push({ row: person.row, email: person.email.trim() || null, reasons });
      continue;
    }
    const { email } = parsed.data;
    if (seen.has(email)) {
      rejected.push({ row: person.row, email, reasons: ['duplicate_in_file'] });
      continue;
    }
    seen.add(email);
    valid.push({ ...person, ...parsed.data });
  }

  const taken = await findTakenEmails(
    ctx.db,
    valid.map((p) => p.email),
  );
  const fresh = valid.filter((p) => {
    if (!taken.has(p.email)) return true;
    rejected.push({ row: p.row, email: p.email, reasons: ['email_taken'] });
    return false;
  });

  const now = ctx.clock.now();
  const { invitations, taken: takenMeanwhile } = await ctx.db.transaction((tx) =>
    createInvitations(
      tx,
      actor,
      fresh.map((p) => ({
        name: p.name,
        email: p.email,
        phone: p.phone,
        role: IMPORT_ROLE,
        organizationId,
        language: languageOfCell(p.language) ?? language,
      })),
      { now, action: 'user.imported', details: (i) => ({ row: fresh[i]!.row }) },
    ),
  );
  // Accounts created by someone else between the check and the insert.
  for (const p of fresh) {
    if (takenMeanwhile.has(p.email)) rejected.push({ row: p.row, email: p.email, reasons: ['email_taken'] });
  }

  await sendInvitations(ctx, invitations, {
    organizationName: organization.name,
    inviterName: await inviterName(ctx.db, actor),
  });

  const rowOf = new Map(fresh.map((p) => [p.email, p.row]));
  return {
    created: invitations
      .map(({ user }) => ({ row: rowOf.get(user.email)!, id: user.id, email: user.email }))
      .sort((a, b) => a.row - b.row),
    rejected: rejected.sort((a, b) => a.row - b.row),
  };
}
