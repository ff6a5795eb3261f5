import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  EmailSchema,
  LANGUAGE_CODES,
  LanguageSchema,
  NameSchema,
  PACKAGE_NAMES,
  PasswordSchema,
  ROLES,
  isRole,
  ORGANIZATION_TYPES,
  planNamed,
} from '@vbuilder/shared';
import { loadConfig, publicUrl, ConfigError } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { hashPassword } from './lib/passwords.ts';
import { weakPasswordIssue } from './modules/accounts/password-policy.ts';
import {
  findOrganizationById,
  insertOrganization,
} from './modules/organizations/organizations.repository.ts';
import { findUserByEmail, insertUser } from './modules/users/users.repository.ts';
import { formatDemoSeed, seedDemo } from './modules/demo/seed-demo.ts';
import { formatError } from './lib/log-options.ts';
import { currentPlan, recordPlan } from './modules/plans/plans.service.ts';

const USAGE = `vbuilder admin commands (npm run admin -- <command> [options])

  create-org  --name NAME [--type ${ORGANIZATION_TYPES.join('|')}] [--email E] [--json]
  create-user --email E --password P --role ROLE [--org ORG_ID] [--name N] [--language ${LANGUAGE_CODES.join('|')}]
              [--must-change-password] [--json]
              ROLE is one of: ${ROLES.map((r) => `'${r}'`).join(', ')}
              --language: what mail and files for this person are written in (default en)
              'Super Administrator' has no organization; every other role needs --org.
  set-plan    --org ORG_ID --plan NAME [--json]
              NAME is one of: ${PACKAGE_NAMES.join(', ')} (any case); Free ends the current plan.
  seed-demo   [--domain D]... [--json]
              creates the demo organization with one user per role (random passwords), their
              addresses @demo.vbuilder.local or @D; one organization per --domain (--json: one line each)

--json prints the created record as JSON (for scripts).`;

class UsageError extends Error {}

/** A command whose options are checked: what it does on the open database. */
type Command = (database: Database, url: string) => Promise<string>;

const fail = (message: string): never => {
  throw new UsageError(message);
};

/** Shared schemas carry i18n keys ('validation.passwordTooShort'); the terminal gets words. */
const readable = (message: string) =>
  message
    .replace(/^validation\./, '')
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase();

/** Validates one option with a shared schema; the message names the option. */
function parseOption<T>(schema: z.ZodType<T>, value: unknown, option: string): T {
  const result = schema.safeParse(value);
  if (!result.success) fail(`--${option}: ${readable(result.error.issues[0]?.message ?? 'invalid')}`);
  return (result as { data: T }).data;
}

function createOrg(args: string[]): Command {
  const { values } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      type: { type: 'string' },
      email: { type: 'string' },
      json: { type: 'boolean' },
    },
    strict: true,
  });
  const name = parseOption(NameSchema, values.name ?? fail('--name is required'), 'name');
  const type = parseOption(z.enum(ORGANIZATION_TYPES), values.type ?? 'school', 'type');
  const email = values.email ? parseOption(EmailSchema, values.email, 'email') : null;
  return async (database) => {
    const org = await insertOrganization(database.db, { name, type, email });
    return values.json
      ? JSON.stringify({ id: org.id, name: org.name, type: org.type })
      : `Organization "${org.name}" created with id ${org.id}`;
  };
}

function createUser(args: string[]): Command {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      org: { type: 'string' },
      name: { type: 'string' },
      language: { type: 'string' },
      'must-change-password': { type: 'boolean' },
      json: { type: 'boolean' },
    },
    strict: true,
  });
  const email = parseOption(EmailSchema, values.email ?? fail('--email is required'), 'email');
  const password = parseOption(PasswordSchema, values.password ?? fail('--password is required'), 'password');
  const role = values.role ?? fail('--role is required');
  if (!isRole(role)) fail(`--role must be one of ${ROLES.map((r) => `'${r}'`).join(', ')}`);
  const name = values.name ? parseOption(NameSchema, values.name, 'name') : email.split('@')[0]!;
  const language = parseOption(LanguageSchema, values.language ?? 'en', 'language');

  let organizationId: string | null = null;
  if (role === 'Super Administrator') {
    if (values.org) fail("--org: a 'Super Administrator' belongs to no organization");
  } else {
    organizationId = parseOption(z.uuid(), values.org ?? fail(`--org is required for role '${role}'`), 'org');
  }

  return async (database) => {
    const organization = organizationId ? await findOrganizationById(database.db, organizationId) : null;
    if (organizationId && !organization) fail(`--org: no organization with id ${organizationId}`);
    if (await findUserByEmail(database.db, email)) fail(`--email: an account with ${email} already exists`);
    // The same policy as every other way of setting a password (the feedback as zxcvbn-ts's keys).
    const weak = await weakPasswordIssue(
      password,
      { name, email, organizationName: organization?.name },
      'password',
    );
    if (weak) {
      const hints = [weak.warning, ...weak.suggestions].filter(Boolean).join(', ');
      fail(
        `--password: too easy to guess (strength ${weak.score} of 4, at least ${weak.minScore} needed${hints ? `: ${hints}` : ''}); a passphrase of four or more uncommon words is strong`,
      );
    }
    const user = await insertUser(database.db, {
      email,
      name,
      role,
      organizationId,
      status: 'active',
      language,
      passwordHash: await hashPassword(password),
      mustChangePassword: values['must-change-password'] ?? false,
    });
    return values.json
      ? JSON.stringify({ id: user.id, email: user.email, role: user.role, organizationId, language })
      : `User ${user.email} (${user.role}) created with id ${user.id}`;
  };
}

/** Puts an organization on a plan by recording a payment record (docs/decisions/006-free-plan-instead-of-zero.md: the newest one decides). */
function setPlan(args: string[]): Command {
  const { values } = parseArgs({
    args,
    options: { org: { type: 'string' }, plan: { type: 'string' }, json: { type: 'boolean' } },
    strict: true,
  });
  const orgId = parseOption(z.uuid(), values.org ?? fail('--org is required'), 'org');
  const plan =
    planNamed(values.plan ?? fail('--plan is required')) ??
    fail(`--plan must be one of ${PACKAGE_NAMES.join(', ')}`);
  return async (database) => {
    const org =
      (await findOrganizationById(database.db, orgId)) ?? fail(`--org: no organization with id ${orgId}`);
    await recordPlan(database.db, orgId, plan);
    const current = await currentPlan(database.db, orgId);
    return values.json
      ? JSON.stringify({ organizationId: orgId, plan: current.plan.name, status: current.status })
      : `Organization "${org.name}" is now on ${current.plan.productName} (${current.status})`;
  };
}

function seed(args: string[]): Command {
  const { values } = parseArgs({
    args,
    options: { domain: { type: 'string', multiple: true }, json: { type: 'boolean' } },
    strict: true,
  });
  const domains = (values.domain ?? [undefined]).map((domain) =>
    domain === undefined ? undefined : parseOption(EmailSchema, `x@${domain}`, 'domain').split('@')[1]!,
  );
  return async (database, url) => {
    const printed: string[] = [];
    for (const domain of domains) {
      const result = await seedDemo(database.db, domain);
      printed.push(values.json ? JSON.stringify(result) : formatDemoSeed(result, url));
    }
    return printed.join('\n');
  };
}

/** Where a command's words go: the terminal, or a test that runs the CLI in its own process. */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

const terminal: CliOutput = { out: (text) => console.log(text), err: (text) => console.error(text) };

/**
 * Runs one admin command with `argv` (what follows `npm run admin --`) and the environment's
 * settings; returns the exit code: 0 done, 1 failed (configuration, database in use, anything
 * unexpected), 2 bad usage.
 */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  output: CliOutput = terminal,
): Promise<number> {
  try {
    await main(argv, env, output);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      output.err(`Error: ${error.message}`);
      return 1;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      output.err(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    // Without a failing statement's values (a password hash, for one).
    output.err(formatError(error));
    return 1;
  }
}

async function main(argv: string[], env: NodeJS.ProcessEnv, output: CliOutput) {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    output.out(USAGE);
    return;
  }
  const commands: Record<string, (args: string[]) => Command> = {
    'create-org': createOrg,
    'create-user': createUser,
    'seed-demo': seed,
    'set-plan': setPlan,
  };
  // The options are checked before the database is opened: a typo is told at once.
  const run = (commands[command] ?? fail(`Unknown command '${command}'.`))(args);
  const config = loadConfig(env);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DB_POOL_SIZE,
  });
  try {
    output.out(await run(database, publicUrl(config)));
  } finally {
    await database.close();
  }
}

// Run as a program (`node apps/api/src/cli.ts`), not when a test imports runCli. A clean run ends
// by itself once the database is closed; a failed one exits with its code.
if (import.meta.main) {
  const code = await runCli(process.argv.slice(2));
  if (code !== 0) process.exit(code);
}
