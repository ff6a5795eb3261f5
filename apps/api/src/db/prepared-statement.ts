import type { Db } from './client.ts';

/** Rows as the driver returns them: node-postgres and PGlite both parse dates and JSON alike. */
export type PreparedRows = Array<Record<string, unknown>>;

interface PgPoolLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: PreparedRows }>;
}
interface PgliteLike {
  query(text: string, values: unknown[]): Promise<{ rows: PreparedRows }>;
}

/**
 * A statement of an exam-day hot path, prepared once per connection and then only bound
 * and executed: PostgreSQL neither receives nor parses nor plans its text again, which on a 2-core
 * machine, where the database shares the CPU with the API, is a large part of a save. Drizzle has no
 * named statements for raw SQL, so this goes to the driver under it (`db.$client`): a node-postgres
 * pool prepares by `name` on each of its connections (PostgreSQL, and the embedded database of
 * `npm start` in its worker, see embedded.ts); the in-process PGlite of the API tests runs it with
 * its extended protocol. Write `text` with $1…$n placeholders, casts included.
 *
 * Only for the top-level database, never inside a transaction (a transaction object has no
 * `$client` of its own and must run on its own connection).
 */
export function preparedStatement(name: string, text: string) {
  return async (db: Db, values: unknown[]): Promise<PreparedRows> => {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (!client) throw new Error(`prepared statement ${name}: the database has no driver client`);
    // PGlite takes the text and its parameters; node-postgres (pool or client) a named config.
    if (isPglite(client)) return (await client.query(text, values)).rows;
    return (await (client as PgPoolLike).query({ name, text, values })).rows;
  };
}

const isPglite = (client: unknown): client is PgliteLike =>
  typeof client === 'object' && client !== null && 'waitReady' in client;
