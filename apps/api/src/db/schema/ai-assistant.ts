import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AiCard, AiDropped, AiQuestionRequest } from '@vbuilder/shared';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * The AI assistant's conversations: each belongs to one user in one organization and is
 * seen by that user only. Deleting the user or the organization deletes them.
 */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_conversations_owner_idx').on(t.userId, t.organizationId, t.updatedAt)],
);

/**
 * One message of a conversation. A user message keeps its attached source's text (the model is
 * given it again for follow-ups) and the questions it asked for; an assistant message keeps its
 * prose, the cards and dropped items, and how it ended (status, error) — also when the model broke
 * off, so what arrived is not lost. `seq` orders messages within the conversation.
 */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull().default(''),
    sourceName: text('source_name'),
    sourceText: text('source_text'),
    request: jsonb('request').$type<Required<AiQuestionRequest>>(),
    cards: jsonb('cards').$type<AiCard[]>().notNull().default([]),
    dropped: jsonb('dropped').$type<AiDropped[]>().notNull().default([]),
    status: text('status').$type<'complete' | 'failed' | 'stopped'>().notNull().default('complete'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_messages_conversation_idx').on(t.conversationId, t.seq)],
);

export type AiConversationRow = typeof aiConversations.$inferSelect;
export type AiMessageRow = typeof aiMessages.$inferSelect;
