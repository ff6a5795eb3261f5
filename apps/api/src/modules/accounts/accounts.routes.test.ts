import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountTokens, mailOutbox, organizations } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, signInAs, tokenFor } from '../../test/sign-in.ts';
import { findUserByEmail, findUserById, updateUser } from '../users/users.repository.ts';

const HOUR = 3_600_000;

/** A clock tests can move forward (link expiry). */
const movableClock = () => {
  let offset = 0;
  const clock: Clock & { advance(ms: number): void; reset(): void } = {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
  };
  return clock;
};

describe('account flows', () => {
  let t: TestApp;
  const clock = movableClock();
  let n = 0;
  // Each request comes from its own address unless a test says otherwise, so the per-address
  // rate limits only bite in the test that is about them.
  const nextIp = () => `10.1.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

  const post = (
    url: string,
    payload: unknown,
    opts: { headers?: Record<string, string>; ip?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/accounts/${url}`,
      payload: payload as object,
      headers: opts.headers,
      remoteAddress: opts.ip ?? nextIp(),
    });

  const mailsTo = (to: string) =>
    t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));

  const linkToken = (text: string, page: 'activate_account' | 'resetpassword') => {
    const match = new RegExp(`http://localhost:3999/${page}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    expect(match, `a ${page} link in:\n${text}`).not.toBeNull();
    return decodeURIComponent(match![1]!);
  };

  const lastMail = async (to: string) => {
    const mails = await mailsTo(to);
    expect(mails.length).toBeGreaterThan(0);
    return mails.at(-1)!;
  };

  const email = () => `person${++n}@example.test`;
  const signUp = (address: string, password = 'correct horse battery', name = 'Ada Lovelace') =>
    post('sign-up', { name, email: address, password });

  beforeAll(async () => {
    t = await buildTestApp({}, { clock });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.reset());

  describe('sign-up and activation', () => {
    it('creates a pending administrator without organization and mails an activation link that activates it', async () => {
      const address = email();
      const res = await signUp(`  ${address.toUpperCase()} `);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: expect.any(String) });

      const user = await findUserByEmail(t.app.db, address);
      expect(user).toMatchObject({
        status: 'pending',
        role: 'Administrator',
        organizationId: null,
        name: 'Ada Lovelace',
      });
      expect(await verifyPassword('correct horse battery', user!.passwordHash)).toBe(true);

      const mail = await lastMail(address);
      expect(mail.subject).toBe('Activate your vbuilder account');
      expect(mail.html).toContain('/activate_account?token=');
      const token = linkToken(mail.text, 'activate_account');
      // Only a hash of the link's token is stored.
      const stored = await t.app.db.select().from(accountTokens).where(eq(accountTokens.userId, user!.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).not.toContain(token);
      expect(stored[0]!.purpose).toBe('activate');

      const activated = await post('activate', { token });
      expect(activated.statusCode).toBe(200);
      expect(activated.json()).toEqual({ message: expect.any(String), email: address });
      expect((await findUserById(t.app.db, user!.id))!.status).toBe('active');

      const again = await post('activate', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'invalid_token' });
    });

    it('refuses an invalid email and a short password with validation details', async () => {
      const res = await post('sign-up', { name: 'X', email: 'not-an-email', password: 'short' });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('validation_error');
      expect(body.details).toEqual(
        expect.arrayContaining([
          { path: ['email'], message: 'validation.emailInvalid' },
          { path: ['password'], message: 'validation.passwordTooShort' },
        ]),
      );
      expect(await mailsTo('not-an-email')).toHaveLength(0);
    });

    it('answers a sign-up with a taken email the same way and mails its owner a notice with a reset link', async () => {
      const existing = await makeUser(t.app, 'Teacher', (await makeOrganization(t.app)).id, {
        password: 'original password',
      });
      const fresh = await signUp(email());
      const taken = await signUp(existing.email, 'attacker password');
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.json()).toEqual(fresh.json());

      const after = await findUserById(t.app.db, existing.id);
      expect(after).toMatchObject({ role: 'Teacher', status: 'active', name: existing.name });
      expect(await verifyPassword('original password', after!.passwordHash)).toBe(true);

      const notice = await lastMail(existing.email);
      expect(notice.subject).toBe('Someone tried to sign up to vbuilder with your email');
      const token = linkToken(notice.text, 'resetpassword');
      const reset = await post('reset-password', { token, password: 'a brand new password' });
      expect(reset.statusCode).toBe(200);
    });

    it('tells a deactivated account about the attempt without a reset link', async () => {
      const existing = await makeUser(t.app, 'Teacher', (await makeOrganization(t.app)).id, {
        status: 'inactive',
      });
      expect((await signUp(existing.email)).statusCode).toBe(201);
      const notice = await lastMail(existing.email);
      expect(notice.text).not.toContain('/resetpassword');
      expect(notice.text).not.toContain('/activate_account');
    });

    it('re-sends a fresh activation link to a pending account, which activates the latest password', async () => {
      const address = email();
      await signUp(address, 'first password one');
      const first = linkToken((await lastMail(address)).text, 'activate_account');

      const second = await signUp(address, 'second password two', 'Grace Hopper');
      expect(second.statusCode).toBe(201);
      const mails = await mailsTo(address);
      expect(mails).toHaveLength(2);
      const latest = linkToken(mails[1]!.text, 'activate_account');
      expect(latest).not.toBe(first);

      expect((await post('activate', { token: first })).json()).toMatchObject({ code: 'invalid_token' });
      expect((await post('activate', { token: latest })).statusCode).toBe(200);
      const user = await findUserByEmail(t.app.db, address);
      expect(user).toMatchObject({ status: 'active', name: 'Grace Hopper' });
      expect(await verifyPassword('second password two', user!.passwordHash)).toBe(true);
    });

    it('refuses an expired activation link with token_expired', async () => {
      const address = email();
      await signUp(address);
      const token = linkToken((await lastMail(address)).text, 'activate_account');
      clock.advance(72 * HOUR + 1000);
      const res = await post('activate', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'token_expired' });
      expect((await findUserByEmail(t.app.db, address))!.status).toBe('pending');
    });

    it('refuses unknown tokens and tokens of another purpose', async () => {
      const unknown = await post('activate', { token: 'x'.repeat(43) });
      expect(unknown.json()).toMatchObject({ code: 'invalid_token' });

      const user = await makeUser(t.app, 'Teacher', null);
      await post('forgot-password', { email: user.email });
      const resetToken = linkToken((await lastMail(user.email)).text, 'resetpassword');
      const wrongPurpose = await post('activate', { token: resetToken });
      expect(wrongPurpose.statusCode).toBe(400);
      expect(wrongPurpose.json()).toMatchObject({ code: 'invalid_token' });
      // Refusing it did not spend it.
      expect(
        (await post('reset-password', { token: resetToken, password: 'another good password' })).statusCode,
      ).toBe(200);
    });

    it('resends activation only to pending accounts and always answers 202', async () => {
      const address = email();
      await signUp(address);
      const pending = await post('resend-activation', { email: address });
      expect(pending.statusCode).toBe(202);
      expect(await mailsTo(address)).toHaveLength(2);
      // Both links work until one is used.
      const [a, b] = (await mailsTo(address)).map((m) => linkToken(m.text, 'activate_account'));
      expect((await post('activate', { token: b! })).statusCode).toBe(200);
      expect((await post('activate', { token: a! })).json()).toMatchObject({ code: 'invalid_token' });

      const active = await post('resend-activation', { email: address });
      expect(active.statusCode).toBe(202);
      expect(active.json()).toEqual(pending.json());
      expect(await mailsTo(address)).toHaveLength(2);

      const nobody = email();
      const unknown = await post('resend-activation', { email: nobody });
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json()).toEqual(pending.json());
      expect(await mailsTo(nobody)).toHaveLength(0);
    });
  });

  describe('forgotten password', () => {
    it('mails a reset link that sets the new password once and clears must_change_password', async () => {
      const user = await makeUser(t.app, 'Teacher', (await makeOrganization(t.app)).id, {
        password: 'old password here',
        mustChangePassword: true,
      });
      const res = await post('forgot-password', { email: user.email.toUpperCase() });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: expect.any(String) });
      const mail = await lastMail(user.email);
      expect(mail.subject).toBe('Reset your vbuilder password');
      const token = linkToken(mail.text, 'resetpassword');

      const reset = await post('reset-password', { token, password: 'new password here' });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: expect.any(String) });
      const after = await findUserById(t.app.db, user.id);
      expect(after!.mustChangePassword).toBe(false);
      expect(await verifyPassword('new password here', after!.passwordHash)).toBe(true);
      expect(await verifyPassword('old password here', after!.passwordHash)).toBe(false);

      const reuse = await post('reset-password', { token, password: 'third password here' });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toMatchObject({ code: 'invalid_token' });
    });

    it('answers 202 without mail for an unknown email and for a deactivated account', async () => {
      const nobody = email();
      const unknown = await post('forgot-password', { email: nobody });
      expect(unknown.statusCode).toBe(202);
      expect(await mailsTo(nobody)).toHaveLength(0);

      const inactive = await makeUser(t.app, 'Teacher', null, { status: 'inactive' });
      const res = await post('forgot-password', { email: inactive.email });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual(unknown.json());
      expect(await mailsTo(inactive.email)).toHaveLength(0);
    });

    it('activates a pending account, since the link proves the mailbox', async () => {
      const address = email();
      await signUp(address);
      await post('forgot-password', { email: address });
      const token = linkToken((await lastMail(address)).text, 'resetpassword');
      expect((await post('reset-password', { token, password: 'chosen by mailbox owner' })).statusCode).toBe(
        200,
      );
      expect((await findUserByEmail(t.app.db, address))!.status).toBe('active');
    });

    it('refuses an expired reset link and keeps the password', async () => {
      const user = await makeUser(t.app, 'Teacher', null, { password: 'kept password 1' });
      await post('forgot-password', { email: user.email });
      const token = linkToken((await lastMail(user.email)).text, 'resetpassword');
      clock.advance(2 * HOUR + 1000);
      const res = await post('reset-password', { token, password: 'never applied 1' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'token_expired' });
      expect(
        await verifyPassword('kept password 1', (await findUserById(t.app.db, user.id))!.passwordHash),
      ).toBe(true);
    });

    it('refuses a link of an account deactivated after it was sent', async () => {
      const user = await makeUser(t.app, 'Teacher', null);
      await post('forgot-password', { email: user.email });
      const token = linkToken((await lastMail(user.email)).text, 'resetpassword');
      await updateUser(t.app.db, user.id, { status: 'inactive' });
      const res = await post('reset-password', { token, password: 'never applied 2' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'account_inactive' });
    });

    it('validates the new password', async () => {
      const res = await post('reset-password', { token: 'y'.repeat(43), password: 'short' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ path: ['password'], message: 'validation.passwordTooShort' }]);
    });
  });

  describe('change password', () => {
    it('needs a signed-in user', async () => {
      const res = await post('change-password', { currentPassword: 'a', newPassword: 'long enough pw' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    });

    it('checks the current password, refuses the same one, and clears must_change_password', async () => {
      const user = await makeUser(t.app, 'Student', (await makeOrganization(t.app)).id, {
        password: 'temporary password',
        mustChangePassword: true,
      });
      const headers = bearer(await tokenFor(t.app, user));

      const wrong = await post(
        'change-password',
        { currentPassword: 'not it at all', newPassword: 'my own password' },
        { headers },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'wrong_password' });

      const same = await post(
        'change-password',
        { currentPassword: 'temporary password', newPassword: 'temporary password' },
        { headers },
      );
      expect(same.statusCode).toBe(400);
      expect(same.json()).toMatchObject({ code: 'password_unchanged' });

      const short = await post(
        'change-password',
        { currentPassword: 'temporary password', newPassword: 'short' },
        { headers },
      );
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ code: 'validation_error' });

      const ok = await post(
        'change-password',
        { currentPassword: 'temporary password', newPassword: 'my own password' },
        { headers },
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: expect.any(String) });
      const after = await findUserById(t.app.db, user.id);
      expect(after!.mustChangePassword).toBe(false);
      expect(await verifyPassword('my own password', after!.passwordHash)).toBe(true);
      expect(await verifyPassword('temporary password', after!.passwordHash)).toBe(false);
    });

    it('retires reset links mailed before the change', async () => {
      const user = await makeUser(t.app, 'Teacher', null, { password: 'password before' });
      await post('forgot-password', { email: user.email });
      const token = linkToken((await lastMail(user.email)).text, 'resetpassword');
      const headers = bearer(await tokenFor(t.app, user));
      const ok = await post(
        'change-password',
        { currentPassword: 'password before', newPassword: 'password after' },
        { headers },
      );
      expect(ok.statusCode).toBe(200);
      expect((await post('reset-password', { token, password: 'stale link try' })).json()).toMatchObject({
        code: 'invalid_token',
      });
    });

    it('limits attempts per account, whatever the address', async () => {
      const user = await makeUser(t.app, 'Teacher', null, { password: 'guess me if you can' });
      const headers = bearer(await tokenFor(t.app, user));
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await post(
          'change-password',
          { currentPassword: `guess ${i}`, newPassword: 'whatever password' },
          { headers },
        );
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
      expect(codes[10]).toBe(429);
    });
  });

  describe('create organization', () => {
    const body = {
      name: '  Riverside High  ',
      type: 'school',
      email: 'Office@Riverside.test',
      phone: '',
      address: '1 River Road',
      postalCode: '',
    };

    it('needs a signed-in user', async () => {
      const res = await post('organization', body);
      expect(res.statusCode).toBe(401);
    });

    it('creates the organization and makes the caller its Administrator; a second time is a conflict', async () => {
      const address = email();
      await signUp(address);
      await post('activate', { token: linkToken((await lastMail(address)).text, 'activate_account') });
      const user = (await findUserByEmail(t.app.db, address))!;
      const headers = bearer(await tokenFor(t.app, user));

      const res = await post('organization', body, { headers });
      expect(res.statusCode).toBe(201);
      const org = res.json();
      expect(org).toEqual({
        id: expect.any(String),
        name: 'Riverside High',
        type: 'school',
        email: 'office@riverside.test',
        phone: null,
        address: '1 River Road',
        postalCode: null,
      });
      expect(await findUserById(t.app.db, user.id)).toMatchObject({
        organizationId: org.id,
        role: 'Administrator',
      });

      const again = await post('organization', { ...body, name: 'Second' }, { headers });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'already_in_organization' });
      const named = await t.app.db.select().from(organizations).where(eq(organizations.name, 'Second'));
      expect(named).toHaveLength(0);
    });

    it('makes a user without organization its Administrator whatever their role was', async () => {
      const { user, headers } = await signInAs(t.app, 'Teacher', null);
      const res = await post(
        'organization',
        { name: 'Tutors Ltd', type: 'company', email: 'hi@tutors.test' },
        { headers },
      );
      expect(res.statusCode).toBe(201);
      expect(await findUserById(t.app.db, user.id)).toMatchObject({
        organizationId: res.json().id,
        role: 'Administrator',
      });
    });

    it('refuses members of an organization, super administrators and invalid input', async () => {
      const member = await signInAs(t.app, 'Administrator', (await makeOrganization(t.app)).id);
      expect((await post('organization', body, { headers: member.headers })).statusCode).toBe(409);

      const platform = await signInAs(t.app, 'Super Administrator', null);
      expect((await post('organization', body, { headers: platform.headers })).statusCode).toBe(403);

      const loner = await signInAs(t.app, 'Administrator', null);
      const bad = await post(
        'organization',
        { name: ' ', type: 'castle', email: 'nope' },
        { headers: loner.headers },
      );
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .details.map((d: { path: string[] }) => d.path[0])
          .sort(),
      ).toEqual(['email', 'name', 'type']);
      expect((await findUserById(t.app.db, loner.user.id))!.organizationId).toBeNull();
    });
  });

  describe('rate limits', () => {
    it('allows 10 mailing requests per address in 15 minutes, then answers 429 rate_limited', async () => {
      const ip = '10.99.0.1';
      for (let i = 0; i < 10; i++) {
        expect((await post('forgot-password', { email: email() }, { ip })).statusCode).toBe(202);
      }
      const limited = await post('forgot-password', { email: email() }, { ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'rate_limited' });
      expect(limited.headers['retry-after']).toBeDefined();
      // Another address, and another endpoint, are counted apart.
      expect((await post('forgot-password', { email: email() }, { ip: '10.99.0.2' })).statusCode).toBe(202);
      expect((await post('resend-activation', { email: email() }, { ip })).statusCode).toBe(202);
    });

    it('does not limit routes of other modules', async () => {
      for (let i = 0; i < 12; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.99.0.3' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    });
  });
});
