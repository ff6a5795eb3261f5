import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freshDatabaseUrl,
  serverEnv,
  startServer,
  stopped,
  WAIT_MS,
  type Cleanup,
} from './server-process.ts';

/**
 * A new installation with the demo seed, started as two instances at once on one new PostgreSQL
 * database (a deployment's first rollout). Both must come up and stay up, the demo organization
 * must exist once, and neither may print a failing statement or its values (the demo accounts'
 * password hashes). PostgreSQL only: two processes cannot share an embedded database.
 */

const cleanups: Cleanup[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances starting on a new database with the demo seed',
  () => {
    it(
      'both come up and stop cleanly, the demo organization is seeded once, and no log shows a statement or a hash',
      { timeout: 3 * WAIT_MS },
      async () => {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'vb-seed-'));
        cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
        const databaseUrl = await freshDatabaseUrl('vb_seed', cleanups);
        const env = {
          ...serverEnv({ publicUrl: 'http://seed-test.invalid', dataDir, databaseUrl }),
          SEED_DEMO: 'true',
        };
        const servers = await Promise.all(['a', 'b'].map((name) => startServer(env, `seed ${name}`)));
        cleanups.push(async () => {
          for (const server of servers) server.child.kill('SIGKILL');
        });

        // A ready instance has the seed: both answer, and the demo organization is there once.
        for (const server of servers) expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
        const { default: pg } = await import('pg');
        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        try {
          const orgs = await db.query<{ n: number }>(
            "select count(*)::int as n from organizations where name = 'Demo School'",
          );
          expect(orgs.rows[0]!.n).toBe(1);
          const demoUsers = await db.query<{ n: number }>(
            "select count(*)::int as n from users where email like '%@demo.vbuilder.local'",
          );
          expect(demoUsers.rows[0]!.n).toBe(5);
        } finally {
          await db.end();
        }

        // Still running: each stops on SIGTERM with 0 (an instance that had failed exits with 1).
        for (const server of servers) server.child.kill('SIGTERM');
        await Promise.all(servers.map((server) => stopped(server.child)));
        expect(servers.map((server) => server.child.exitCode)).toEqual([0, 0]);

        // The passwords are printed once, by the instance that made them; no log holds a statement,
        // its values or a password hash.
        const outputs = servers.map((server) => server.output.join(''));
        expect(
          outputs.filter((output) => output.includes('Demo organization "Demo School" created')),
        ).toHaveLength(1);
        for (const output of outputs) {
          expect(output).not.toMatch(/insert into/i);
          expect(output).not.toMatch(/params:/i);
          expect(output).not.toMatch(/\$argon2id\$|scrypt\$/);
          expect(output).not.toMatch(/duplicate key/i);
        }
      },
    );
  },
);
