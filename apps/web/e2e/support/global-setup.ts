import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAi } from '../../../../test-support/fake-openai.ts';
import { E2E, REPO_ROOT } from './env.ts';
import { specDomain, specName, type SeededAccount, type SpecOrganization } from './organizations.ts';
import { startMailbox } from './mailbox.ts';

const node = path.join(REPO_ROOT, 'node_modules/.bin/node');
const specsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The spec that gets a Teacher with a temporary password, and the one that gets a Free organization. */
const FORCED_FOR = 'sign-in-and-menus';
const FREE_FOR = 'assessment-list';
/** The spec whose Administrator buys a plan: for an organization on Free, not the seeded Enterprise. */
const BILLING_FOR = 'billing';
/** The specs with a second Student: two start an assessment that draws from the bank; one has extra time. */
const CLASSMATE_FOR = ['question-bank', 'accommodations'];
/** The spec where three Students submit before a teacher fixes a wrong answer key and regrades. */
const CLASSMATES_FOR = 'regrade';

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
 * The admin CLI on the new data folder. PGlite has one owner, so every organization and account
 * is made here, before the server starts, in as few runs as possible (each opens the database).
 */
function admin(env: NodeJS.ProcessEnv, args: string[]): string {
  return String(execFileSync(node, ['apps/api/src/cli.ts', ...args, '--json'], { cwd: REPO_ROOT, env }));
}

function createUser(
  env: NodeJS.ProcessEnv,
  person: Omit<SeededAccount, 'id'>,
  organizationId: string,
  extra: string[] = [],
): SeededAccount {
  const { id } = JSON.parse(
    admin(env, [
      'create-user',
      '--email',
      person.email,
      '--password',
      person.password,
      '--role',
      person.role,
      '--org',
      organizationId,
      '--name',
      person.name,
      ...extra,
    ]),
  ) as { id: string };
  return { ...person, id };
}

/**
 * One organization per spec file, seeded like the demo organization (one person per role with
 * random passwords, Enterprise, two sample assessments) under the spec's own mail domain, so the
 * specs can run in parallel workers without sharing anyone. Plus the two extras some spec needs.
 */
function seedOrganizations(env: NodeJS.ProcessEnv): Record<string, SpecOrganization> {
  const specs = readdirSync(specsDir)
    .filter((f) => f.endsWith('.e2e.ts'))
    .map(specName)
    .sort();
  const lines = admin(env, ['seed-demo', ...specs.flatMap((s) => ['--domain', specDomain(s)])])
    .trim()
    .split('\n');
  const organizations: Record<string, SpecOrganization> = {};
  specs.forEach((spec, i) => {
    const seed = JSON.parse(lines[i]!) as Omit<SpecOrganization, 'domain'>;
    organizations[spec] = { ...seed, domain: specDomain(spec) };
  });

  const signIn = organizations[FORCED_FOR];
  if (signIn) {
    // An invited-style account whose temporary password must be changed at first sign-in.
    signIn.forced = createUser(
      env,
      {
        email: `forced@${signIn.domain}`,
        password: 'Temporary-Pass-1',
        role: 'Teacher',
        name: 'Fay Forced',
      },
      signIn.organizationId,
      ['--must-change-password'],
    );
  }
  const list = organizations[FREE_FOR];
  if (list) {
    // Without any payment record, so on the Free package (5 assessments a month).
    const org = JSON.parse(admin(env, ['create-org', '--name', 'Free Academy'])) as {
      id: string;
      name: string;
    };
    const teacher = createUser(
      env,
      {
        email: `teacher@free-academy.${list.domain}`,
        password: 'Free-Academy-Pass-1',
        role: 'Teacher',
        name: 'Fiona Free',
      },
      org.id,
    );
    list.free = { organizationId: org.id, organizationName: org.name, teacher };
  }
  const billing = organizations[BILLING_FOR];
  if (billing) {
    // Without any payment record (on Free), with an Administrator who requests a paid plan.
    const org = JSON.parse(admin(env, ['create-org', '--name', 'Billing Academy'])) as {
      id: string;
      name: string;
    };
    const administrator = createUser(
      env,
      {
        email: `admin@billing-academy.${billing.domain}`,
        password: 'Billing-Academy-Pass-1',
        role: 'Administrator',
        name: 'Bea Buyer',
      },
      org.id,
    );
    billing.buyer = { organizationId: org.id, organizationName: org.name, administrator };
  }
  for (const spec of CLASSMATE_FOR) {
    const bank = organizations[spec];
    if (!bank) continue;
    bank.classmate = createUser(
      env,
      {
        email: `classmate@${bank.domain}`,
        password: 'Classmate-Pass-1',
        role: 'Student',
        name: 'Cleo Classmate',
      },
      bank.organizationId,
    );
  }
  const regrade = organizations[CLASSMATES_FOR];
  if (regrade) {
    regrade.classmates = ['Rosa Rivera', 'Sam Sato'].map((name, i) =>
      createUser(
        env,
        {
          email: `classmate${i + 1}@${regrade.domain}`,
          password: `Classmate-Pass-${i + 2}`,
          role: 'Student',
          name,
        },
        regrade.organizationId,
      ),
    );
  }
  return organizations;
}

/**
 * A fresh vbuilder for the journeys: new data folder, every spec's organization seeded through the
 * admin CLI (their random passwords kept for the tests), a real SMTP server receiving the mails,
 * a scripted model for AI generation, and the production server serving the built SPA.
 */
export default async function globalSetup() {
  rmSync(E2E.dataDir, { recursive: true, force: true });
  mkdirSync(E2E.mailDir, { recursive: true });
  const env = {
    ...process.env,
    DATA_DIR: E2E.dataDir,
    PORT: String(E2E.port),
    PUBLIC_URL: E2E.baseUrl,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    WEB_DIST: E2E.webDist,
  };
  const seeding = Date.now();
  const organizations = seedOrganizations(env);
  writeFileSync(E2E.accountsFile, JSON.stringify(organizations));
  console.log(
    `e2e: ${Object.keys(organizations).length} spec organizations seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s`,
  );

  const mailbox = await startMailbox(E2E.smtpPort, E2E.mailDir);
  // AI generation talks to a scripted OpenAI-compatible model on a free local port, never the internet.
  const fakeModel = await startFakeOpenAi();
  const log = openSync(E2E.serverLog, 'a');
  const server = spawn(node, ['apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fakeModel.baseUrl,
    },
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
