import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(
  readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

/** Several API instances starting together on one PostgreSQL (docs/operations/configuration.md). */
describe.skipIf(!serverUrl)('migrations on PostgreSQL', () => {
  it('run once when three instances start together on an empty database: all three come up', async () => {
    const { default: pg } = await import('pg');
    const name = `vb_migrate_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    try {
      const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await check.end();
      expect(applied.rows[0].n).toBe(journal.entries.length);
      await Promise.all(instances.map((instance) => instance.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
