import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E, REPO_ROOT } from './env.ts';
import { startMailbox } from './mailbox.ts';
import { startFakeOpenAi } from '../../../api/src/test/fake-openai.ts';

const node = path.join(REPO_ROOT, 'node_modules/.bin/node');

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`vbuilder did not become healthy at ${url} (see ${E2E.serverLog})`);
}

/**
 * A second organization without any payment record (so on the Free package, 5 assessments a
 * month) and its Teacher, to reach the monthly limit without touching the demo organization.
 */
function createFreeAcademy(env: NodeJS.ProcessEnv) {
  const cli = (args: string[]) =>
    JSON.parse(
      String(execFileSync(node, ['apps/api/src/cli.ts', ...args, '--json'], { cwd: REPO_ROOT, env })),
    );
  const org = cli(['create-org', '--name', 'Free Academy']) as { id: string; name: string };
  const teacher = {
    email: 'teacher@free-academy.test',
    password: 'Free-Academy-Pass-1',
    role: 'Teacher',
    name: 'Fiona Free',
  };
  const user = cli([
    'create-user',
    '--email',
    teacher.email,
    '--password',
    teacher.password,
    '--role',
    teacher.role,
    '--org',
    org.id,
    '--name',
    teacher.name,
  ]) as { id: string };
  return { organizationId: org.id, organizationName: org.name, teacher: { ...teacher, id: user.id } };
}

/**
 * A fresh vbuilder for the journeys: new data folder, demo accounts seeded through the admin CLI
 * (their random passwords kept for the tests), a real SMTP server receiving the mails, and the
 * production server serving the built SPA.
 */
export default async function globalSetup() {
  rmSync(E2E.dataDir, { recursive: true, force: true });
  mkdirSync(E2E.mailDir, { recursive: true });
  const env = {
    ...process.env,
    DATA_DIR: E2E.dataDir,
    PORT: String(E2E.port),
    PUBLIC_URL: E2E.baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    WEB_DIST: E2E.webDist,
  };
  const seeded = execFileSync(node, ['apps/api/src/cli.ts', 'seed-demo', '--json'], { cwd: REPO_ROOT, env });
  const demo = JSON.parse(String(seeded)) as { organizationId: string; accounts: unknown[] };
  // An invited-style account whose temporary password must be changed at first sign-in.
  const forced = {
    email: 'forced@demo.vbuilder.local',
    password: 'Temporary-Pass-1',
    role: 'Teacher',
    name: 'Fay Forced',
  };
  const created = execFileSync(
    node,
    [
      'apps/api/src/cli.ts',
      'create-user',
      '--email',
      forced.email,
      '--password',
      forced.password,
      '--role',
      forced.role,
      '--org',
      demo.organizationId,
      '--name',
      forced.name,
      '--must-change-password',
      '--json',
    ],
    { cwd: REPO_ROOT, env },
  );
  const forcedAccount = { ...forced, id: (JSON.parse(String(created)) as { id: string }).id };
  const free = createFreeAcademy(env);
  writeFileSync(E2E.accountsFile, JSON.stringify({ ...demo, forced: forcedAccount, free }));

  const mailbox = await startMailbox(E2E.smtpPort, E2E.mailDir);
  // AI generation talks to a scripted OpenAI-compatible model on a free local port, never the internet.
  const fakeModel = await startFakeOpenAi();
  const log = openSync(E2E.serverLog, 'a');
  const server = spawn(node, ['apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...env, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fakeModel.baseUrl },
    stdio: ['ignore', log, log],
  });
  writeFileSync(E2E.pidFile, String(server.pid));
  await waitForHealth(E2E.baseUrl, 60_000);

  return async () => {
    server.kill('SIGTERM');
    await mailbox.close();
    await fakeModel.close();
  };
}
