import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WeakPasswordDetailsSchema } from '@vbuilder/shared';
import { verifyPassword } from '../../lib/passwords.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { invitationToken, mailsTo, nextAddress } from '../users/test-helpers.ts';
import { findUserByEmail, findUserById } from '../users/users.repository.ts';

/** Long enough for PasswordSchema, too easy for the policy: the warning each must carry. */
const weakFor = (owner: { name: string; email: string }): Array<[string, string]> => [
  ['password123', 'common'],
  ['aaaaaaaaaa', 'simpleRepeat'],
  ['qwertyuiop', 'topHundred'],
  [owner.email, 'userInputs'],
  [owner.name, 'userInputs'],
];
const PASSPHRASE = 'monsoon ladder tamarind quietly';

describe('password policy on every path that sets a password', () => {
  let t: TestApp;
  let n = 0;
  const person = (name = 'Somchai Jaidee') => ({
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}${++n}@riverside.example`,
  });

  const post = (url: string, payload: object, headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers, remoteAddress: nextAddress() });

  /** A 400 weak_password whose details name the field and carry the estimator's keys. */
  const expectWeak = (
    res: Awaited<ReturnType<typeof post>>,
    field: string,
    warning: string,
    label: string,
  ) => {
    expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
    const body = res.json();
    expect(body.code, label).toBe('weak_password');
    const [issue] = WeakPasswordDetailsSchema.parse(body.details);
    expect(issue, label).toMatchObject({
      path: [field],
      message: 'validation.passwordWeak',
      minScore: 3,
      warning,
    });
    expect(issue!.score, label).toBeLessThan(3);
    expect(issue!.suggestions, label).toContain('anotherWord');
  };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sign-up: refuses weak passwords before anything is stored or mailed, takes a passphrase', async () => {
    const owner = person();
    for (const [password, warning] of weakFor(owner)) {
      const res = await post('/accounts/sign-up', { ...owner, password });
      expectWeak(res, 'password', warning, password);
    }
    expect(await findUserByEmail(t.app.db, owner.email)).toBeNull();
    expect(await mailsTo(t.app, owner.email)).toHaveLength(0);

    expect((await post('/accounts/sign-up', { ...owner, password: PASSPHRASE })).statusCode).toBe(201);
    const user = await findUserByEmail(t.app.db, owner.email);
    expect(await verifyPassword(PASSPHRASE, user!.passwordHash)).toBe(true);
  });

  it("answers in the reader's language, the details staying keys", async () => {
    const res = await post(
      '/accounts/sign-up',
      { ...person(), password: 'password123' },
      { 'accept-language': 'th' },
    );
    expect(res.json()).toMatchObject({
      code: 'weak_password',
      message: 'โปรดเลือกรหัสผ่านที่รัดกุมกว่านี้',
      details: [{ warning: 'common', suggestions: ['anotherWord'] }],
    });
  });

  it("reset: judges the password against the account's name, email and organization; the link stays usable", async () => {
    const organization = await makeOrganization(t.app, 'Riverside High School');
    const owner = person();
    const user = await makeUser(t.app, 'Teacher', organization.id, {
      ...owner,
      password: 'old ' + PASSPHRASE,
    });
    await post('/accounts/forgot-password', { email: owner.email });
    const mails = await mailsTo(t.app, owner.email);
    const token = /resetpassword\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)![1]!;

    for (const [password, warning] of [...weakFor(owner), ['Riverside High School', 'userInputs']]) {
      expectWeak(
        await post('/accounts/reset-password', { token, password }),
        'password',
        warning!,
        password!,
      );
    }
    expect((await post('/accounts/reset-password', { token, password: PASSPHRASE })).statusCode).toBe(200);
    expect(await verifyPassword(PASSPHRASE, (await findUserById(t.app.db, user.id))!.passwordHash)).toBe(
      true,
    );
  });

  it('invitation: the first password chosen from the link follows the policy', async () => {
    const organization = await makeOrganization(t.app, 'Riverside College');
    const admin = await makeUser(t.app, 'Administrator', organization.id);
    const owner = person('Neema Kweka');
    const invited = await post('/users', { ...owner, role: 'Student' }, bearer(await tokenFor(t.app, admin)));
    expect(invited.statusCode, invited.body).toBe(201);
    const token = invitationToken((await mailsTo(t.app, owner.email))[0]!.text)!;

    for (const [password, warning] of weakFor(owner)) {
      expectWeak(await post('/accounts/reset-password', { token, password }), 'password', warning, password);
    }
    expect((await findUserByEmail(t.app.db, owner.email))!.status).toBe('pending');
    expect((await post('/accounts/reset-password', { token, password: PASSPHRASE })).statusCode).toBe(200);
    expect((await findUserByEmail(t.app.db, owner.email))!.status).toBe('active');
  });

  it('change: the new password follows the policy, the current one is checked first', async () => {
    const owner = person('Tina Teach');
    const current = 'current ' + PASSPHRASE;
    const user = await makeUser(t.app, 'Teacher', null, { ...owner, password: current });
    const headers = bearer(await tokenFor(t.app, user));

    for (const [password, warning] of weakFor(owner)) {
      const res = await post(
        '/accounts/change-password',
        { currentPassword: current, newPassword: password },
        headers,
      );
      expectWeak(res, 'newPassword', warning, password);
    }
    const wrong = await post(
      '/accounts/change-password',
      { currentPassword: 'not it', newPassword: 'password123' },
      headers,
    );
    expect(wrong.json().code).toBe('wrong_password');

    const ok = await post(
      '/accounts/change-password',
      { currentPassword: current, newPassword: PASSPHRASE },
      headers,
    );
    expect(ok.statusCode).toBe(200);
    expect(await verifyPassword(PASSPHRASE, (await findUserById(t.app.db, user.id))!.passwordHash)).toBe(
      true,
    );
  });
});
