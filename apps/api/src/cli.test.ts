import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { adminCli } from './test/admin-cli.ts';

const run = promisify(execFile);
const cli = path.join(import.meta.dirname, 'cli.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'vb-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };

/** Runs `npm run admin -- …` the way a person would: a Node process on a throwaway embedded database. */
async function spawnAdmin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The same commands in this process (runCli, what the program runs), for the cases beyond the program's own contract. */
const admin = adminCli(dataDir);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The CLI's own database handling is the same on PostgreSQL; one run on the embedded database suffices.
// Each command opens PGlite on the data folder: slow on a busy 2-core machine, hence the timeout.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('admin CLI', { timeout: 180_000 }, () => {
  let orgId = '';

  it('creates an organization and prints its id as JSON', async () => {
    // The program itself, once: a Node process that prints the record and exits 0.
    const res = await spawnAdmin('create-org', '--name', 'Riverside School', '--json');
    expect(res.code).toBe(0);
    const org = JSON.parse(res.stdout) as { id: string; name: string };
    expect(org.name).toBe('Riverside School');
    orgId = org.id;
  });

  it('creates users of each role, the Super Administrator without organization', async () => {
    const teacher = await admin(
      'create-user',
      '--email',
      'T@Riverside.example',
      '--password',
      'long-enough-pass',
      '--role',
      'Teacher',
      '--org',
      orgId,
      '--name',
      'Tina Teach',
      '--language',
      'th',
      '--json',
    );
    expect(teacher.code).toBe(0);
    expect(JSON.parse(teacher.stdout)).toMatchObject({
      email: 't@riverside.example',
      role: 'Teacher',
      organizationId: orgId,
      language: 'th',
    });

    const root = await admin(
      'create-user',
      '--email',
      'root@vbuilder.example',
      '--password',
      'long-enough-pass',
      '--role',
      'Super Administrator',
      '--json',
    );
    expect(JSON.parse(root.stdout)).toMatchObject({
      role: 'Super Administrator',
      organizationId: null,
      language: 'en',
    });
  });

  it('refuses a password the policy finds too easy to guess, naming the feedback keys', async () => {
    const owner = ['--name', 'Somchai Jaidee', '--role', 'Teacher', '--org', orgId];
    const email = 'somchai.jaidee@riverside.example';
    const weak: Array<[string, string]> = [
      ['password123', 'common'],
      ['aaaaaaaaaa', 'simpleRepeat'],
      ['qwertyuiop', 'topHundred'],
      [email, 'userInputs'],
      ['Somchai Jaidee', 'userInputs'],
      // The organization (Riverside School) counts too.
      ['Riverside School', 'userInputs'],
    ];
    for (const [password, warning] of weak) {
      const res = await admin('create-user', '--email', email, '--password', password, ...owner);
      expect(res.code, password).toBe(2);
      expect(res.stderr).toMatch(new RegExp(`--password: too easy to guess .*${warning}, anotherWord`));
    }
    const ok = await admin(
      'create-user',
      '--email',
      email,
      '--password',
      'monsoon ladder tamarind quietly',
      ...owner,
    );
    expect(ok.code, ok.stderr).toBe(0);
  });

  it('refuses bad input with a clear message and a non-zero exit', async () => {
    const cases: Array<[string[], RegExp]> = [
      [
        [
          'create-user',
          '--email',
          'x@y.example',
          '--password',
          'long-enough-pass',
          '--role',
          'Boss',
          '--org',
          orgId,
        ],
        /--role must be one of/,
      ],
      [
        ['create-user', '--email', 'x@y.example', '--password', 'short', '--role', 'Student', '--org', orgId],
        /--password: password too short/,
      ],
      [
        ['create-user', '--email', 'x@y.example', '--password', 'long-enough-pass', '--role', 'Student'],
        /--org is required/,
      ],
      [
        [
          'create-user',
          '--email',
          't@riverside.example',
          '--password',
          'long-enough-pass',
          '--role',
          'Student',
          '--org',
          orgId,
        ],
        /already exists/,
      ],
      [
        [
          'create-user',
          '--email',
          'r2@y.example',
          '--password',
          'long-enough-pass',
          '--role',
          'Super Administrator',
          '--org',
          orgId,
        ],
        /belongs to no organization/,
      ],
      [['create-org'], /--name is required/],
      [['frobnicate'], /Unknown command/],
    ];
    for (const [args, message] of cases) {
      const res = await admin(...args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toMatch(message);
    }
    // The program exits with that code.
    const res = await spawnAdmin('frobnicate');
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/Unknown command 'frobnicate'/);
  });

  it('seeds the demo organization with one user per role and random passwords', async () => {
    const res = await admin('seed-demo', '--json');
    const seed = JSON.parse(res.stdout) as { accounts: Array<{ role: string; password: string }> };
    expect(seed.accounts.map((a) => a.role).sort()).toEqual(
      ['Administrator', 'Student', 'Super Administrator', 'Teacher', 'user'].sort(),
    );
    const passwords = new Set(seed.accounts.map((a) => a.password));
    expect(passwords.size).toBe(5);
    for (const p of passwords) expect(p.length).toBeGreaterThanOrEqual(12);
  });

  it('seeds one demo organization per --domain, one JSON line each (the journeys use one per spec)', async () => {
    const res = await admin('seed-demo', '--domain', 'a.example', '--domain', 'B.example', '--json');
    expect(res.code).toBe(0);
    const seeds = res.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { organizationId: string; accounts: Array<{ email: string }> });
    expect(seeds).toHaveLength(2);
    expect(seeds[0]!.organizationId).not.toBe(seeds[1]!.organizationId);
    expect(seeds[0]!.accounts.every((a) => a.email.endsWith('@a.example'))).toBe(true);
    expect(seeds[1]!.accounts.every((a) => a.email.endsWith('@b.example'))).toBe(true);
  });

  it('stops clearly while another process holds the embedded database', async () => {
    const child = await import('node:child_process');
    // A live process that is not us owns the lock file.
    const holder = child.spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dataDir, 'db.lock'), String(holder.pid));
    try {
      const res = await admin('create-org', '--name', 'Blocked');
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/in use by another vbuilder process/);
    } finally {
      holder.kill();
      rmSync(path.join(dataDir, 'db.lock'), { force: true });
    }
    // A lock left by a dead process is taken over.
    expect(() => acquireDataDirLock(dataDir)()).not.toThrow();
  });
});
