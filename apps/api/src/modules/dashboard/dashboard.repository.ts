import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';

export async function countOrganizations(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(organizations);
  return row?.count ?? 0;
}
