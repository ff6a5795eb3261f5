import { randomBytes, scrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';

/** A hash as vbuilder made them before argon2id (scrypt, N=2^17, r=8, p=1), for the upgrade path. */
async function legacyScryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      64,
      { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 },
      (e, k) => (e ? reject(e) : resolve(k)),
    ),
  );
  return ['scrypt', 2 ** 17, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('passwords', () => {
  it('hashes with argon2id at OWASP parameters in PHC format, salted, and verifies only the right password', async () => {
    const hash = await hashPassword('Correct-Horse-9');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hashPassword('Correct-Horse-9')).not.toBe(hash);
    expect(await verifyPassword('Correct-Horse-9', hash)).toBe(true);
    expect(await verifyPassword('correct-horse-9', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('treats canonically equal passwords in any script as the same (NFKC)', async () => {
    const hash = await hashPassword('ｐａｓｓ-ภาษาไทย-১২৩');
    expect(await verifyPassword('pass-ภาษาไทย-১২৩', hash)).toBe(true);
  });

  it('still verifies an older scrypt hash, and says it should be replaced', async () => {
    const legacy = await legacyScryptHash('Old-Password-1');
    expect(await verifyPassword('Old-Password-1', legacy)).toBe(true);
    expect(await verifyPassword('Old-Password-2', legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA')).toBe(
      true,
    );
  });

  it('never matches a missing or malformed hash', async () => {
    for (const stored of [null, undefined, '', 'plain', '$argon2id$v=19$m=19456,t=2,p=1$$', 'scrypt$1$2$3']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});
