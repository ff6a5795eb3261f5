import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, ProfileEnvelopeSchema } from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, signInAs, tokenFor } from '../../test/sign-in.ts';
import { asc, eq } from 'drizzle-orm';
import { signInThroughProvider, TestBrowser } from '../../identity/test-client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { findUserById, updateUser } from '../users/users.repository.ts';

// The smallest real images of each kind (1×1 pixel), so detection runs on genuine bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A multipart body as a browser would send it, built with the platform's FormData. */
async function multipart(
  parts: Record<string, { bytes: Uint8Array; filename: string; type: string } | string>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.bytes], { type: value.type }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe('profile routes', () => {
  let t: TestApp;
  const PASSWORD = 'Tamarind river 42 lanterns';
  /** A signed-in user who has a password (an email change asks for it). */
  const withPassword = async (role: 'Teacher' | 'Student') => {
    const user = await makeUser(t.app, role, orgId, { password: PASSWORD });
    return { user, headers: bearer(await tokenFor(t.app, user)) };
  };
  const mailsTo = (to: string) =>
    t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
  const linkToken = (text: string, page: string) => {
    const match = new RegExp(`http://localhost:3999/${page}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    expect(match, `a ${page} link in:\n${text}`).not.toBeNull();
    return decodeURIComponent(match![1]!);
  };
  let dataDir: string;
  let orgId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vb-profile-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    orgId = (await makeOrganization(t.app, 'Riverside School')).id;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (headers: Record<string, string>, file: Parameters<typeof multipart>[0]) => {
    const body = await multipart(file);
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/profile/image',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const storedImages = async () => {
    const folder = path.join(dataDir, 'files', 'profile-images');
    return existsSync(folder) ? (await readdir(folder)).filter((f) => !f.endsWith('.tmp')) : [];
  };

  describe('GET /api/auth/profile', () => {
    it('answers 401 without a token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/profile' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    });

    it("answers the historical profile envelope with the user's fields", async () => {
      const { user, headers } = await signInAs(t.app, 'Teacher', orgId);
      const lastLogin = new Date('2026-03-04T05:06:07.000Z');
      await updateUser(t.app.db, user.id, {
        phone: '+255 700 000 001',
        loginStatus: 'logged_in',
        lastLoginAt: lastLogin,
      });

      const res = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
      expect(res.statusCode).toBe(200);
      const body = ProfileEnvelopeSchema.strict().parse(res.json());
      expect(body).toEqual({
        status: 200,
        loggedIn: true,
        user: {
          id: user.id,
          email: user.email,
          role: 'Teacher',
          organizationId: orgId,
          // What screens show for the organization: its name, not the id.
          organizationName: 'Riverside School',
          must_change_password: false,
          name: user.name,
          phone: '+255 700 000 001',
          status: 'active',
          loggin_status: 'logged_in',
          last_login: lastLogin.toISOString(),
          created_at: user.createdAt.toISOString(),
          profile_image: null,
          language: 'en',
        },
      });
      expect(Object.keys(res.json().user).sort()).toEqual(Object.keys(body.user).sort());
    });

    it('answers last_login null for a user who never signed in', async () => {
      const { headers } = await signInAs(t.app, 'Student', orgId);
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
      expect(res.json().user).toMatchObject({ last_login: null, loggin_status: 'logged_out', phone: null });
    });

    it('accepts the organization the user belongs to', async () => {
      const { headers } = await signInAs(t.app, 'Administrator', orgId);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/profile?organizationId=${orgId}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
    });

    it('refuses another organization with 403', async () => {
      const other = await makeOrganization(t.app);
      const { headers } = await signInAs(t.app, 'Administrator', orgId);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/profile?organizationId=${other.id}`,
        headers,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    });

    it('lets a Super Administrator name any organization', async () => {
      const { headers } = await signInAs(t.app, 'Super Administrator', null);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/profile?organizationId=${orgId}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        role: 'Super Administrator',
        organizationId: null,
        organizationName: null,
      });
    });
  });

  describe('PUT /api/auth/profile', () => {
    it('answers 401 without a token', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        payload: { firstName: 'A', lastName: 'B', email: 'a@example.test' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('updates name and phone at once; a new email needs the password and waits for its link', async () => {
      const { user, headers } = await withPassword('Teacher');
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers,
        payload: {
          firstName: ' Amina ',
          lastName: 'Wanjiru  Otieno ',
          email: ' Amina.W@Example.TEST ',
          phoneNumber: '+254 712 345 678',
          currentPassword: PASSWORD,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 200,
        loggedIn: true,
        pendingEmail: 'amina.w@example.test',
        user: { id: user.id, name: 'Amina Wanjiru  Otieno', email: user.email, phone: '+254 712 345 678' },
      });
      const again = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
      expect(again.json().user).toMatchObject({ name: 'Amina Wanjiru  Otieno', email: user.email });
      const [mail] = await mailsTo('amina.w@example.test');
      expect(mail!.subject).toBe('Confirm your new email address for vbuilder');
      expect(mail!.text).toMatch(/\/confirm-email\?token=/);
    });

    it('keeps a one-word name without a trailing space and clears an empty phone', async () => {
      const { user, headers } = await signInAs(t.app, 'Student', orgId);
      await updateUser(t.app.db, user.id, { phone: '12345678' });
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers,
        payload: { firstName: 'Sokha', lastName: '', email: user.email, phoneNumber: '' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ name: 'Sokha', phone: null });
    });

    it("refuses another user's email with 409 email_taken and changes nothing", async () => {
      const taken = await makeUser(t.app, 'Teacher', orgId);
      const { user, headers } = await withPassword('Teacher');
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers,
        payload: {
          firstName: 'New',
          lastName: 'Name',
          email: taken.email.toUpperCase(),
          currentPassword: PASSWORD,
        },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'email_taken' });
      const after = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
      expect(after.json().user).toMatchObject({ name: user.name, email: user.email });
    });

    it('refuses an email change without the current password, or with a wrong one, and changes nothing', async () => {
      const { user, headers } = await withPassword('Student');
      for (const [currentPassword, code] of [
        [undefined, 'validation_error'],
        ['not my password', 'wrong_password'],
      ] as const) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/auth/profile',
          headers,
          payload: {
            firstName: 'Taken',
            lastName: 'Over',
            email: `thief-${code}@example.test`,
            currentPassword,
          },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code, details: [{ path: ['currentPassword'] }] });
        expect(await mailsTo(`thief-${code}@example.test`)).toHaveLength(0);
      }
      const after = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
      expect(after.json().user).toMatchObject({ name: user.name, email: user.email });
    });

    it('moves the account only from the link at the new address, tells the old one, and undoing signs everyone out', async () => {
      const { user } = await withPassword('Teacher');
      // Signed in for real, through the provider: its session is what undoing ends.
      const tokens = await signInThroughProvider(new TestBrowser(t.app), user.email, PASSWORD);
      const headers = bearer(tokens.access_token);
      const newEmail = `moved-${user.id.slice(0, 8)}@example.test`;
      await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers,
        payload: { firstName: 'Moving', lastName: 'On', email: newEmail, currentPassword: PASSWORD },
      });
      const confirmToken = linkToken((await mailsTo(newEmail)).at(-1)!.text, 'confirm-email');
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/confirm-email',
        payload: { token: confirmToken },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().email).toBe(newEmail);
      expect((await findUserById(t.app.db, user.id))!.email).toBe(newEmail);
      // Used once only.
      const twice = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/confirm-email',
        payload: { token: confirmToken },
      });
      expect(twice.json().code).toBe('invalid_token');

      const told = (await mailsTo(user.email)).at(-1)!;
      expect(told.subject).toBe('The email address of your vbuilder account was changed');
      expect(told.text).toContain(newEmail);
      expect(told.text).toContain('within 7 days');
      const undone = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/undo-email-change',
        payload: { token: linkToken(told.text, 'undo-email-change') },
      });
      expect(undone.statusCode, undone.body).toBe(200);
      expect((await findUserById(t.app.db, user.id))!.email).toBe(user.email);
      // Whoever made the change is signed out with everyone else.
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers })).statusCode).toBe(401);
    });

    it('accepts keeping the same email', async () => {
      const { user, headers } = await signInAs(t.app, 'Teacher', orgId);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers,
        payload: { firstName: 'Same', lastName: 'Mail', email: user.email },
      });
      expect(res.statusCode).toBe(200);
    });

    it('answers 400 with field details for invalid input and changes nothing', async () => {
      const { user, headers } = await signInAs(t.app, 'Teacher', orgId);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers,
        payload: { firstName: '  ', lastName: 'X', email: 'not-an-email', phoneNumber: 'call me' },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('validation_error');
      const byField = Object.fromEntries(
        body.details.map((d: { path: string[]; message: string }) => [d.path[0], d.message]),
      );
      expect(byField).toMatchObject({
        firstName: 'validation.nameRequired',
        email: 'validation.emailInvalid',
        phoneNumber: 'validation.phoneInvalid',
      });
      const after = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
      expect(after.json().user.name).toBe(user.name);
    });
  });

  describe('POST /api/auth/profile/image', () => {
    it('answers 401 without a token', async () => {
      const res = await upload({}, { profile_image: { bytes: PNG, filename: 'me.png', type: 'image/png' } });
      expect(res.statusCode).toBe(401);
    });

    it('stores a PNG, answers the envelope with its URL and serves the same bytes', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const res = await upload(headers, {
        profile_image: { bytes: PNG, filename: 'me.png', type: 'image/png' },
      });
      expect(res.statusCode).toBe(200);
      const url: string = ProfileEnvelopeSchema.parse(res.json()).user.profile_image!;
      expect(url).toMatch(/^\/api\/files\/profile-images\/[0-9a-f-]{36}\.png$/);

      // Public on purpose: <img> tags send no bearer token.
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cache-control']).toContain('max-age=31536000');
      expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);
    });

    it('detects the type from the content, not the name or the declared type', async () => {
      const { headers } = await signInAs(t.app, 'Student', orgId);
      const res = await upload(headers, {
        profile_image: { bytes: JPEG, filename: 'photo.png', type: 'image/png' },
      });
      expect(res.statusCode).toBe(200);
      const url: string = res.json().user.profile_image;
      expect(url).toMatch(/\.jpg$/);
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(image.rawPayload, JPEG)).toBe(0);
    });

    it('replaces the previous image and removes its file', async () => {
      const { headers } = await signInAs(t.app, 'Administrator', orgId);
      const first = await upload(headers, {
        profile_image: { bytes: PNG, filename: 'a.png', type: 'image/png' },
      });
      const firstUrl: string = first.json().user.profile_image;
      const firstName = firstUrl.split('/').pop()!;
      expect(await storedImages()).toContain(firstName);

      const second = await upload(headers, {
        profile_image: { bytes: GIF, filename: 'b.gif', type: 'image/gif' },
      });
      expect(second.statusCode).toBe(200);
      const secondUrl: string = second.json().user.profile_image;
      expect(secondUrl).not.toBe(firstUrl);
      expect(secondUrl).toMatch(/\.gif$/);

      const files = await storedImages();
      expect(files).toContain(secondUrl.split('/').pop());
      expect(files).not.toContain(firstName);
      expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    });

    it('refuses a file larger than the limit with 413 file_too_large', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const big = Buffer.concat([PNG, Buffer.alloc(LIMITS.profileImageMaxBytes)]);
      const before = await storedImages();
      const res = await upload(headers, {
        profile_image: { bytes: big, filename: 'big.png', type: 'image/png' },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'file_too_large' });
      expect(await storedImages()).toEqual(before);
    });

    it('refuses content that is not an image', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const res = await upload(headers, {
        profile_image: {
          bytes: Buffer.from('just some text, honestly'),
          filename: 'notes.txt',
          type: 'text/plain',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unsupported_file_type' });
    });

    it('refuses a .png name whose content is something else', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const pdf = Buffer.from(
        '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
      );
      const res = await upload(headers, {
        profile_image: { bytes: pdf, filename: 'avatar.png', type: 'image/png' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unsupported_file_type' });
    });

    it('refuses SVG (it can carry scripts)', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const res = await upload(headers, {
        profile_image: { bytes: SVG, filename: 'logo.svg', type: 'image/svg+xml' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unsupported_file_type' });
    });

    it('answers 400 file_required when the field is missing or the body is not multipart', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const wrongField = await upload(headers, {
        avatar: { bytes: PNG, filename: 'me.png', type: 'image/png' },
      });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toMatchObject({ code: 'file_required' });

      const onlyText = await upload(headers, { note: 'hello' });
      expect(onlyText.json()).toMatchObject({ code: 'file_required' });

      const json = await t.app.inject({
        method: 'POST',
        url: '/api/auth/profile/image',
        headers,
        payload: {},
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ code: 'file_required' });
    });

    it('keeps the current image when an upload is refused', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const ok = await upload(headers, {
        profile_image: { bytes: PNG, filename: 'me.png', type: 'image/png' },
      });
      const url = ok.json().user.profile_image;
      await upload(headers, { profile_image: { bytes: SVG, filename: 'x.svg', type: 'image/svg+xml' } });
      const after = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
      expect(after.json().user.profile_image).toBe(url);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    });
  });

  describe('GET /api/files/profile-images/:name', () => {
    it('answers 404 for unknown and malformed names', async () => {
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/files/profile-images/00000000-0000-4000-8000-000000000000.png',
      });
      expect(unknown.statusCode).toBe(404);
      const traversal = await t.app.inject({
        method: 'GET',
        url: '/api/files/profile-images/..%2F..%2Fpglite',
      });
      expect(traversal.statusCode).toBe(404);
    });
  });
});
