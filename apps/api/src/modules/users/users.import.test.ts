import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportUsersResultSchema } from '@vbuilder/shared';
import { auditEvents, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, makeUser, signInAs } from '../../test/sign-in.ts';
import { auditOf, invitationToken, mailsTo, nextAddress } from './test-helpers.ts';
import { findUserByEmail } from './users.repository.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, parsePeopleCsv } from './users.import.ts';

type Headers = Record<string, string>;

/** A multipart body as a browser sends it, built with the platform's FormData. */
async function multipart(
  file: { bytes: Uint8Array | string; filename?: string; type?: string },
  field = 'file',
) {
  const form = new FormData();
  const bytes = typeof file.bytes === 'string' ? new TextEncoder().encode(file.bytes) : file.bytes;
  form.append(field, new Blob([bytes], { type: file.type ?? 'text/csv' }), file.filename ?? 'students.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe('POST /api/users/import', () => {
  let t: TestApp;
  let orgId: string;
  let admin: { headers: Headers; user: { id: string; name: string } };
  let n = 0;
  const unique = () => `${++n}-${Math.random().toString(36).slice(2, 6)}`;

  beforeAll(async () => {
    t = await buildTestApp();
    orgId = (await makeOrganization(t.app, 'Import Academy')).id;
    admin = await signInAs(t.app, 'Administrator', orgId);
  });
  afterAll(() => t.close());

  const upload = async (
    headers: Headers,
    file: Parameters<typeof multipart>[0],
    query = '',
    field?: string,
  ) => {
    const body = await multipart(file, field);
    return t.app.inject({
      method: 'POST',
      url: `/api/users/import${query}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('creates Students from good rows, reports the others with reasons, and invites each by mail', async () => {
    const tag = unique();
    const existing = await makeUser(t.app, 'Teacher', orgId, { email: `taken-${tag}@example.test` });
    const csv = [
      'Name,Email,Phone',
      `Amina Juma,amina-${tag}@example.test,+255 700 000 001`,
      `"Mwita, Chausiku","CHAUSIKU-${tag}@Example.test",`,
      '',
      `Bad Email,not-an-email,`,
      `,nameless-${tag}@example.test,`,
      `Dup Person,amina-${tag}@EXAMPLE.test,`,
      `Already Here,${existing.email},`,
      `Bad Phone,phone-${tag}@example.test,call me`,
      `"Quote ""Q"" Person",quote-${tag}@example.test,0712 345 678`,
    ].join('\r\n');
    const res = await upload(admin.headers, { bytes: csv });
    expect(res.statusCode, res.body).toBe(200);
    const result = ImportUsersResultSchema.parse(res.json());

    expect(result.created.map((c) => [c.row, c.email])).toEqual([
      [2, `amina-${tag}@example.test`],
      [3, `chausiku-${tag}@example.test`],
      [10, `quote-${tag}@example.test`],
    ]);
    expect(result.rejected).toEqual([
      { row: 5, email: 'not-an-email', reasons: ['validation.emailInvalid'] },
      { row: 6, email: `nameless-${tag}@example.test`, reasons: ['validation.nameRequired'] },
      { row: 7, email: `amina-${tag}@example.test`, reasons: ['duplicate_in_file'] },
      { row: 8, email: existing.email, reasons: ['email_taken'] },
      { row: 9, email: `phone-${tag}@example.test`, reasons: ['validation.phoneInvalid'] },
    ]);

    const chausiku = (await findUserByEmail(t.app.db, `chausiku-${tag}@example.test`))!;
    expect(chausiku).toMatchObject({
      name: 'Mwita, Chausiku',
      phone: null,
      role: 'Student',
      status: 'pending',
      organizationId: orgId,
      mustChangePassword: true,
      passwordHash: null,
    });
    expect((await findUserByEmail(t.app.db, `quote-${tag}@example.test`))!.name).toBe('Quote "Q" Person');
    expect((await findUserByEmail(t.app.db, `amina-${tag}@example.test`))!.phone).toBe('+255 700 000 001');

    const audit = await auditOf(t.app, chausiku.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.imported',
      actorId: admin.user.id,
      organizationId: orgId,
      details: { email: chausiku.email, role: 'Student', row: 3 },
    });

    const mails = await mailsTo(t.app, chausiku.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You are invited to join Import Academy on vbuilder');
    const token = invitationToken(mails[0]!.text)!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/reset-password',
      payload: { token, password: 'student password 1' },
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode).toBe(200);
    expect((await findUserByEmail(t.app.db, chausiku.email))!.status).toBe('active');
    // Nobody rejected got a mail or an account.
    expect(await mailsTo(t.app, existing.email)).toHaveLength(0);
    expect(await findUserByEmail(t.app.db, `nameless-${tag}@example.test`)).toBeNull();
  });

  it('reads a byte-order mark, semicolons, quoted line breaks and a header in any order', async () => {
    const tag = unique();
    const csv =
      '\uFEFFemail;phone;name\n' +
      `semi-${tag}@example.test;;"Line\nBreak"\n` +
      ';;\n' +
      `  spaced-${tag}@example.test  ;  +1 555 0100 ;  Spaced Out  \n`;
    const res = await upload(admin.headers, { bytes: csv });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.rejected).toEqual([]);
    expect(result.created.map((c: { row: number }) => c.row)).toEqual([2, 5]);
    expect((await findUserByEmail(t.app.db, `semi-${tag}@example.test`))!.name).toBe('Line\nBreak');
    expect(await findUserByEmail(t.app.db, `spaced-${tag}@example.test`)).toMatchObject({
      name: 'Spaced Out',
      phone: '+1 555 0100',
    });
  });

  it('reads Windows-1252 files from older spreadsheet programs', async () => {
    const tag = unique();
    const latin1 = Buffer.concat([
      Buffer.from('name,email\nJos'),
      Buffer.from([0xe9]),
      Buffer.from(` Muller,jose-${tag}@example.test\n`),
    ]);
    const res = await upload(admin.headers, { bytes: latin1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await findUserByEmail(t.app.db, `jose-${tag}@example.test`))!.name).toBe('José Muller');
  });

  it('refuses files that are not CSV, and changes nothing', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const before = (await t.app.db.select().from(users)).length;
    const cases: [Parameters<typeof multipart>[0], string][] = [
      [{ bytes: png, filename: 'students.csv', type: 'text/csv' }, 'csv_invalid'],
      [
        { bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 1, 2]), filename: 'book.xlsx' },
        'csv_invalid',
      ],
      [{ bytes: 'name,email\n"unclosed,a@example.test\n' }, 'csv_invalid'],
      [{ bytes: 'first,last\nA,B\n' }, 'csv_header_invalid'],
      [{ bytes: 'name,phone\nA,123456\n' }, 'csv_header_invalid'],
      [{ bytes: 'name,email\n\n,,\n' }, 'csv_empty'],
      [{ bytes: '' }, 'file_required'],
    ];
    for (const [file, code] of cases) {
      const res = await upload(admin.headers, file);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const header = await upload(admin.headers, { bytes: 'first,last\nA,B\n' });
    expect(header.json().details).toEqual({
      missing: ['name', 'email'],
      expected: ['name', 'email', 'phone'],
    });
    expect((await t.app.db.select().from(users)).length).toBe(before);
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows and files over 1 MB`, async () => {
    const rows = (count: number) =>
      ['name,email', ...Array.from({ length: count }, (_, i) => `P ${i},many-${i}@example.test`)].join('\n');
    const tooMany = await upload(admin.headers, { bytes: rows(IMPORT_MAX_ROWS + 1) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'csv_too_many_rows',
      details: { rows: IMPORT_MAX_ROWS + 1, max: IMPORT_MAX_ROWS },
    });
    expect(await findUserByEmail(t.app.db, 'many-0@example.test')).toBeNull();

    const big = `name,email\n${'x'.repeat(IMPORT_MAX_BYTES)}\n`;
    const tooLarge = await upload(admin.headers, { bytes: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('file_too_large');
  });

  it(`imports ${IMPORT_MAX_ROWS} rows at once`, { timeout: 60_000 }, async () => {
    const org = await makeOrganization(t.app, 'Big School');
    const { headers } = await signInAs(t.app, 'Administrator', org.id);
    const csv = [
      'name,email',
      ...Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => `Student ${i},bulk-${i}@example.test`),
    ].join('\n');
    const res = await upload(headers, { bytes: csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toHaveLength(IMPORT_MAX_ROWS);
    const imported = await t.app.db.select().from(users).where(eq(users.organizationId, org.id));
    expect(imported.filter((u) => u.role === 'Student')).toHaveLength(IMPORT_MAX_ROWS);
    const audits = await t.app.db.select().from(auditEvents).where(eq(auditEvents.organizationId, org.id));
    expect(audits).toHaveLength(IMPORT_MAX_ROWS);
  });

  it('needs the file in the file field of a multipart body', async () => {
    const wrongField = await upload(admin.headers, { bytes: 'name,email\nA,a@example.test\n' }, '', 'upload');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().code).toBe('file_required');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/import',
      headers: admin.headers,
      payload: { file: 'name,email' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('file_required');
  });

  describe('who imports where', () => {
    const oneRow = () => ({ bytes: `name,email\nSomeone,someone-${unique()}@example.test\n` });

    it('lets a Teacher and the legacy user role import into their organization', async () => {
      for (const role of ['Teacher', 'user'] as const) {
        const { headers } = await signInAs(t.app, role, orgId);
        const res = await upload(headers, oneRow());
        expect(res.statusCode, role).toBe(200);
        expect(res.json().created).toHaveLength(1);
      }
    });

    it('refuses a Student, and answers 404 for another organization', async () => {
      const student = await signInAs(t.app, 'Student', orgId);
      expect((await upload(student.headers, oneRow())).statusCode).toBe(403);
      const other = await makeOrganization(t.app);
      const res = await upload(admin.headers, oneRow(), `?organizationId=${other.id}`);
      expect(res.statusCode).toBe(404);
    });

    it('makes the Super Administrator name an existing organization', async () => {
      const root = await signInAs(t.app, 'Super Administrator', null);
      const missing = await upload(root.headers, oneRow());
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details).toEqual([
        { path: ['organizationId'], message: 'validation.organizationRequired' },
      ]);
      expect(
        (await upload(root.headers, oneRow(), `?organizationId=${crypto.randomUUID()}`)).statusCode,
      ).toBe(404);
      const ok = await upload(root.headers, oneRow(), `?organizationId=${orgId}`);
      expect(ok.statusCode).toBe(200);
      const created = await findUserByEmail(t.app.db, ok.json().created[0].email);
      expect(created).toMatchObject({ organizationId: orgId, role: 'Student' });
    });
  });
});

describe('parsePeopleCsv', () => {
  it('numbers rows by their line in the file, even after multi-line quoted fields', async () => {
    const rows = await parsePeopleCsv(Buffer.from('name,email\n"A\nB",a@example.test\n\nC,c@example.test\n'));
    expect(rows.map((r) => [r.row, r.name])).toEqual([
      [2, 'A\nB'],
      [5, 'C'],
    ]);
  });

  it('accepts common header spellings and ignores extra columns', async () => {
    const rows = await parsePeopleCsv(
      Buffer.from(
        'Student ID,Full Name,E-mail Address,Class,Phone Number\n7,Ana,ana@example.test,4B,123456\n',
      ),
    );
    expect(rows).toEqual([{ row: 2, name: 'Ana', email: 'ana@example.test', phone: '123456', language: '' }]);
  });
});
