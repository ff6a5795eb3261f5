import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from './support/env.ts';

const PORT = 4181;
const BASE = `http://localhost:${PORT}`;

/** Runs `npm start`'s script and collects what it prints until `until` appears. */
function start(dataDir: string, until: RegExp): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/node'), ['scripts/start.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
    },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no ${until}:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (until.test(out)) {
        clearTimeout(timer);
        resolve({ child, output: () => out });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

test('npm start on an empty database seeds the demo organization once and its accounts sign in', async ({
  page,
}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vb-start-'));
  try {
    const first = await start(dataDir, /shown only now/);
    const lines = first.output().split('\n');
    const teacherLine = lines.find((l) => /^\s+Teacher\s/.test(l));
    expect(teacherLine).toBeTruthy();
    const [, email, password] = teacherLine!.trim().split(/\s+/);

    await page.goto(`${BASE}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email!);
    await page.getByLabel('Password', { exact: true }).fill(password!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${BASE}/account/home`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tom Teacher');
    await stop(first.child);

    // A second start finds users and prints no new passwords.
    const second = await start(dataDir, /running at/);
    await new Promise((r) => setTimeout(r, 1500));
    expect(second.output()).not.toMatch(/shown only now/);
    await stop(second.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
