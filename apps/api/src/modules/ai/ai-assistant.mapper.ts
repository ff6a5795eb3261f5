import type { AiConversationSummary, AiMessage } from '@vbuilder/shared';
import type { AiConversationRow, AiMessageRow } from '../../db/schema/index.ts';

export const toConversationSummary = (row: AiConversationRow): AiConversationSummary => ({
  id: row.id,
  title: row.title,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A stored message as the API shows it: the source by name and length, never its text. */
export const toMessage = (row: AiMessageRow): AiMessage => ({
  id: row.id,
  role: row.role,
  content: row.content,
  source: row.sourceText !== null ? { name: row.sourceName ?? '', characters: row.sourceText.length } : null,
  request: row.request
    ? {
        types: row.request.types,
        difficulty: row.request.difficulty ?? 'Medium',
        bloomLevel: row.request.bloomLevel ?? 'understand',
        language: row.request.language ?? 'en',
      }
    : null,
  cards: row.cards,
  dropped: row.dropped,
  status: row.status,
  error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '' } : null,
  createdAt: row.createdAt.toISOString(),
});
