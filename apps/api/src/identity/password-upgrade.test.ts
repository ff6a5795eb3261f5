import { randomBytes, scrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { makeOrganization, makeUser } from '../test/sign-in.ts';
import { findUserById, updateUser } from '../modules/users/users.repository.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { signInThroughProvider, TestBrowser } from './test-client.ts';

/** A password hash of the scheme vbuilder used before argon2id (scrypt, N=2^17, r=8, p=1). */
async function scryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }, (e, k) =>
      e ? reject(e) : resolve(k),
    ),
  );
  return ['scrypt', 2 ** 17, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('a password hashed before argon2id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('still signs in, and is stored again as argon2id at that sign-in; a wrong password changes nothing', async () => {
    const org = await makeOrganization(t.app);
    const user = await makeUser(t.app, 'Student', org.id);
    const legacy = await scryptHash('Old-Scheme-Pass-1');
    await updateUser(t.app.db, user.id, { passwordHash: legacy });

    await expect(signInThroughProvider(new TestBrowser(t.app), user.email, 'Wrong-Pass-1')).rejects.toThrow(
      /401/,
    );
    expect((await findUserById(t.app.db, user.id))!.passwordHash).toBe(legacy);

    const tokens = await signInThroughProvider(new TestBrowser(t.app), user.email, 'Old-Scheme-Pass-1');
    expect(tokens.access_token).toBeTruthy();
    const upgraded = (await findUserById(t.app.db, user.id))!.passwordHash!;
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('Old-Scheme-Pass-1', upgraded)).toBe(true);
    // And signs in with the new hash.
    expect(
      (await signInThroughProvider(new TestBrowser(t.app), user.email, 'Old-Scheme-Pass-1')).access_token,
    ).toBeTruthy();
  });
});
