import { and, asc, desc, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  aiConversations,
  aiMessages,
  type AiConversationRow,
  type AiMessageRow,
} from '../../db/schema/index.ts';

/** Whose conversations a query may reach: the caller's own, in the caller's organization. */
export interface ConversationOwner {
  userId: string;
  organizationId: string;
}

const owned = (owner: ConversationOwner) =>
  and(eq(aiConversations.userId, owner.userId), eq(aiConversations.organizationId, owner.organizationId));

export function listConversations(db: DbOrTx, owner: ConversationOwner): Promise<AiConversationRow[]> {
  return db
    .select()
    .from(aiConversations)
    .where(owned(owner))
    .orderBy(desc(aiConversations.updatedAt), desc(aiConversations.createdAt));
}

export async function findConversation(
  db: DbOrTx,
  owner: ConversationOwner,
  id: string,
): Promise<AiConversationRow | null> {
  const [row] = await db
    .select()
    .from(aiConversations)
    .where(and(owned(owner), eq(aiConversations.id, id)));
  return row ?? null;
}

export async function insertConversation(
  db: DbOrTx,
  owner: ConversationOwner,
  title: string,
  now: Date,
): Promise<AiConversationRow> {
  const [row] = await db
    .insert(aiConversations)
    .values({ ...owner, title, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateConversation(
  db: DbOrTx,
  owner: ConversationOwner,
  id: string,
  patch: Partial<Pick<AiConversationRow, 'title' | 'updatedAt'>>,
): Promise<AiConversationRow | null> {
  const [row] = await db
    .update(aiConversations)
    .set(patch)
    .where(and(owned(owner), eq(aiConversations.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteConversation(db: DbOrTx, owner: ConversationOwner, id: string): Promise<boolean> {
  const rows = await db
    .delete(aiConversations)
    .where(and(owned(owner), eq(aiConversations.id, id)))
    .returning({ id: aiConversations.id });
  return rows.length > 0;
}

/** The messages of a conversation, in order (the caller has checked it owns the conversation). */
export function listMessages(db: DbOrTx, conversationId: string): Promise<AiMessageRow[]> {
  return db
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.conversationId, conversationId))
    .orderBy(asc(aiMessages.seq), asc(aiMessages.createdAt));
}

export type NewAiMessage = Omit<typeof aiMessages.$inferInsert, 'id' | 'seq' | 'conversationId'>;

/** Appends a message after the conversation's last one and marks the conversation active. */
export async function appendMessage(
  db: DbOrTx,
  conversationId: string,
  message: NewAiMessage,
): Promise<AiMessageRow> {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ seq: max(aiMessages.seq) })
      .from(aiMessages)
      .where(eq(aiMessages.conversationId, conversationId));
    const [row] = await tx
      .insert(aiMessages)
      .values({ ...message, conversationId, seq: (last?.seq ?? 0) + 1 })
      .returning();
    await tx
      .update(aiConversations)
      .set({ updatedAt: row!.createdAt })
      .where(eq(aiConversations.id, conversationId));
    return row!;
  });
}
