import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, REPO_ROOT } from './support/env.ts';

/** Runs `npm start`'s script and collects what it prints until `until` appears. */
function start(
  dataDir: string,
  port: number,
  until: RegExp,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/node'), ['scripts/start.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
    },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`npm start printed no ${until}:\n${out}`));
    }, 60_000);
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
  browser,
}) => {
  // Two starts of a server of its own (migrations on a new database, then seeding), two sign-ins.
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vb-start-'));
  // Its own server on its own data folder and a free port, beside the journeys' server.
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const signInAs = async (email: string, password: string) => {
    // A browser of its own each time: the second server must not find the first one's session.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/account/home`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tom Teacher');
    await context.close();
  };
  try {
    const first = await start(dataDir, port, /shown only now/);
    const lines = first.output().split('\n');
    const teacherLine = lines.find((l) => /^\s+Teacher\s/.test(l));
    expect(teacherLine).toBeTruthy();
    const [, email, password] = teacherLine!.trim().split(/\s+/);
    await signInAs(email!, password!);
    await stop(first.child);

    // A second start finds users and prints no new passwords: the same Teacher signs in (by then
    // the start has looked for users, which it does right after it starts listening), then it stops.
    const second = await start(dataDir, port, /running at/);
    await signInAs(email!, password!);
    await stop(second.child);
    expect(second.output()).not.toMatch(/shown only now/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
