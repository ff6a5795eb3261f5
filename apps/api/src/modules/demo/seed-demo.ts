import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PLANS, ROLES, type Role } from '@vbuilder/shared';
import { MIGRATION_LOCK, type Db, type DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { insertOrganization } from '../organizations/organizations.repository.ts';
import { insertUser } from '../users/users.repository.ts';
import { seedDemoAssessments } from '../assessments/demo-assessments.ts';
import { recordPlan } from '../plans/plans.service.ts';
import { seedDefaultPrices } from './default-prices.ts';

export interface DemoAccount {
  role: Role;
  name: string;
  email: string;
  password: string;
  id: string;
}

export interface DemoSeed {
  organizationId: string;
  organizationName: string;
  accounts: DemoAccount[];
}

const DEMO_PEOPLE: Record<Role, { name: string; local: string }> = {
  'Super Administrator': { name: 'Sam Super', local: 'superadmin' },
  Administrator: { name: 'Ada Admin', local: 'admin' },
  user: { name: 'Uma User', local: 'user' },
  Teacher: { name: 'Tom Teacher', local: 'teacher' },
  Student: { name: 'Sara Student', local: 'student' },
};

/** A readable random password (no look-alike characters), never a fixed one. */
const randomPassword = () =>
  randomBytes(12)
    .toString('base64url')
    .replace(/[-_lIO0]/g, 'x');

export async function hasAnyUser(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) > 0;
}

/**
 * Creates the demo organization with one active user per role and random passwords, on the
 * Enterprise plan, with two sample assessments by its Teacher (one published, one draft). When no
 * plan has a price yet, the default catalog (default-prices.ts) is set, so plans can be requested.
 * The passwords exist only in the return value: callers print them once.
 */
export async function seedDemo(db: Db, domain = 'demo.vbuilder.local'): Promise<DemoSeed> {
  return db.transaction((tx) => seedInto(tx, domain));
}

/**
 * The demo organization for a new installation: seeded only when the database has no user yet,
 * under the migrations' advisory lock. Instances starting together on one new database all get
 * here; the first seeds while the others wait for its commit, then find its users and seed
 * nothing (checked, then inserted, without the lock both inserted the same demo accounts and all
 * but one failed on the unique email). Null when nothing was seeded.
 */
export async function seedDemoOnce(db: Db, domain = 'demo.vbuilder.local'): Promise<DemoSeed | null> {
  return db.transaction(async (tx) => {
    // Released at commit; each statement after it sees what the instance before committed.
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    if (await hasAnyUser(tx)) return null;
    return seedInto(tx, domain);
  });
}

async function seedInto(tx: DbOrTx, domain: string): Promise<DemoSeed> {
  const org = await insertOrganization(tx, {
    name: 'Demo School',
    type: 'school',
    email: `office@${domain}`,
    phone: '+1 555 0100',
    address: '1 Demo Street',
    postalCode: '10001',
  });
  // scrypt runs on libuv's thread pool: hashing the five passwords together uses every core.
  const passwords = ROLES.map(() => randomPassword());
  const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
  const accounts: DemoAccount[] = [];
  for (const [i, role] of ROLES.entries()) {
    const person = DEMO_PEOPLE[role];
    const password = passwords[i]!;
    const user = await insertUser(tx, {
      email: `${person.local}@${domain}`,
      name: person.name,
      role,
      organizationId: role === 'Super Administrator' ? null : org.id,
      status: 'active',
      passwordHash: hashes[i]!,
    });
    accounts.push({ role, name: person.name, email: user.email, password, id: user.id });
  }
  // On the top plan, so every question type can be shown; with sample assessments to open.
  const now = new Date();
  await recordPlan(tx, org.id, PLANS.Enterprise, { now });
  await seedDefaultPrices(tx, now);
  const teacher = accounts.find((a) => a.role === 'Teacher')!;
  await seedDemoAssessments(tx, org.id, teacher.id, now);
  return { organizationId: org.id, organizationName: org.name, accounts };
}

/** The sign-in details as a block for the terminal. */
export function formatDemoSeed(seed: DemoSeed, url: string): string {
  const roleWidth = Math.max(...seed.accounts.map((a) => a.role.length));
  const emailWidth = Math.max(...seed.accounts.map((a) => a.email.length));
  const lines = seed.accounts.map(
    (a) => `  ${a.role.padEnd(roleWidth)}  ${a.email.padEnd(emailWidth)}  ${a.password}`,
  );
  return [
    '',
    `Demo organization "${seed.organizationName}" created. Sign in at ${url} with:`,
    ...lines,
    'These passwords are shown only now: keep them somewhere safe.',
    '',
  ].join('\n');
}
