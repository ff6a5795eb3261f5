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
import {
  findOrganizationById,
  insertOrganization,
} from './modules/organizations/organizations.repository.ts';
import { findUserByEmail, insertUser } from './modules/users/users.repository.ts';
import { formatDemoSeed, seedDemo } from './modules/demo/seed-demo.ts';
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

async function createOrg(database: Database, args: string[]) {
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
  const org = await insertOrganization(database.db, { name, type, email });
  return values.json
    ? JSON.stringify({ id: org.id, name: org.name, type: org.type })
    : `Organization "${org.name}" created with id ${org.id}`;
}

async function createUser(database: Database, args: string[]) {
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
    const orgId = parseOption(z.uuid(), values.org ?? fail(`--org is required for role '${role}'`), 'org');
    if (!(await findOrganizationById(database.db, orgId))) fail(`--org: no organization with id ${orgId}`);
    organizationId = orgId;
  }
  if (await findUserByEmail(database.db, email)) fail(`--email: an account with ${email} already exists`);

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
}

/** Puts an organization on a plan by recording a payment record (DESIGN §7: the newest one decides). */
async function setPlan(database: Database, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { org: { type: 'string' }, plan: { type: 'string' }, json: { type: 'boolean' } },
    strict: true,
  });
  const orgId = parseOption(z.uuid(), values.org ?? fail('--org is required'), 'org');
  const plan =
    planNamed(values.plan ?? fail('--plan is required')) ??
    fail(`--plan must be one of ${PACKAGE_NAMES.join(', ')}`);
  const org =
    (await findOrganizationById(database.db, orgId)) ?? fail(`--org: no organization with id ${orgId}`);
  await recordPlan(database.db, orgId, plan);
  const current = await currentPlan(database.db, orgId);
  return values.json
    ? JSON.stringify({ organizationId: orgId, plan: current.plan.name, status: current.status })
    : `Organization "${org.name}" is now on ${current.plan.productName} (${current.status})`;
}

async function seed(database: Database, args: string[], url: string) {
  const { values } = parseArgs({
    args,
    options: { domain: { type: 'string', multiple: true }, json: { type: 'boolean' } },
    strict: true,
  });
  const domains = (values.domain ?? [undefined]).map((domain) =>
    domain === undefined ? undefined : parseOption(EmailSchema, `x@${domain}`, 'domain').split('@')[1]!,
  );
  const printed: string[] = [];
  for (const domain of domains) {
    const result = await seedDemo(database.db, domain);
    printed.push(values.json ? JSON.stringify(result) : formatDemoSeed(result, url));
  }
  return printed.join('\n');
}

async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const commands: Record<string, (db: Database, args: string[], url: string) => Promise<string>> = {
    'create-org': createOrg,
    'create-user': createUser,
    'seed-demo': seed,
    'set-plan': setPlan,
  };
  const run = commands[command] ?? fail(`Unknown command '${command}'.`);
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DB_POOL_SIZE,
  });
  try {
    console.log(await run(database, args, publicUrl(config)));
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`Error: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    console.error(`Error: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
