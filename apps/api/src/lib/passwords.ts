import {
  argon2 as argon2Cb,
  randomBytes,
  scrypt as scryptCb,
  timingSafeEqual,
  type Argon2Parameters,
  type ScryptOptions,
} from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

/**
 * Passwords are hashed with argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane), stored in
 * the PHC string format other tools read (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). Hashes
 * made before (scrypt, `scrypt$N$r$p$salt$key`) still verify, and are replaced at the next sign-in
 * (needsRehash). Hashing is bounded: as many at once as there are cores less one (at least one),
 * the rest queued, so a class signing in at 9:00 waits in line instead of taking every core from
 * the students already writing (scrypt at 128 MiB and ~1 s each made 31 sign-ins wait
 * 8–17 s).
 */

const ARGON2 = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;
const SALT_BYTES = 16;

const hashing = pLimit(Math.max(1, availableParallelism() - 1));

const argon2id = (password: string, nonce: Buffer, params: Omit<Argon2Parameters, 'message' | 'nonce'>) =>
  hashing(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        argon2Cb('argon2id', { ...params, message: password.normalize('NFKC'), nonce }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  hashing(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, keylen, options, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );

// PHC strings use standard base64 without padding.
const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** Hashes a password with argon2id; the result carries its parameters so they can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await argon2id(password, salt, ARGON2);
  return `$argon2id$v=19$m=${ARGON2.memory},t=${ARGON2.passes},p=${ARGON2.parallelism}$${b64(salt)}$${b64(key)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Constant-time check of a password against a stored hash (argon2id, or an older scrypt one); a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  let key: Buffer;
  let expected: Buffer;
  const phc = PHC.exec(stored);
  if (phc) {
    const [, m, t, p, saltB64, keyB64] = phc;
    expected = Buffer.from(keyB64!, 'base64');
    if (expected.length < 16) return false;
    key = await argon2id(password, Buffer.from(saltB64!, 'base64'), {
      memory: Number(m),
      passes: Number(t),
      parallelism: Number(p),
      tagLength: expected.length,
    });
  } else {
    const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
    if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
    expected = Buffer.from(keyB64, 'base64');
    const N = Number(n);
    key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 256 * N * Number(r),
    });
  }
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash should be replaced (older scheme or parameters) once its password is known. */
export function needsRehash(stored: string): boolean {
  const phc = PHC.exec(stored);
  return (
    !phc ||
    Number(phc[1]) !== ARGON2.memory ||
    Number(phc[2]) !== ARGON2.passes ||
    Number(phc[3]) !== ARGON2.parallelism
  );
}

/**
 * A hash to compare against when the account does not exist, so that a wrong email takes as
 * long as a wrong password and sign-in timing does not reveal which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
