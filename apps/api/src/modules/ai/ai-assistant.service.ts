import type { z } from 'zod';
import {
  AI_ASSISTANT_LIMITS,
  AssessmentInputSchema,
  type AiAddedToAssessment,
  type AiAddToAssessmentSchema,
  type AiChatEvent,
  type AiChatRequestSchema,
  type AiConversation,
  type AiConversationList,
  type AiConversationSummary,
  type AiMessage,
  type Assessment,
  type AssessmentInput,
  type Question,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/files.ts';
import type { Actor } from '../../types.d.ts';
import { createAssessment, getAssessment, updateAssessmentById } from '../assessments/assessments.service.ts';
import { ModelStreamError, generationFailed, keyMissing, type LanguageModel } from './ai-model.ts';
import { buildChatPrompt, type ChatTurn } from './ai-chat-prompt.ts';
import { chatAnswerReader } from './ai-chat-answer.ts';
import { AI_RESPONSE_MESSAGES } from './ai-response.ts';
import { assertTypesInPlan } from './ai.service.ts';
import {
  appendMessage,
  deleteConversation,
  findConversation,
  insertConversation,
  listConversations,
  listMessages,
  updateConversation,
  type ConversationOwner,
} from './ai-assistant.repository.ts';
import { toConversationSummary, toMessage } from './ai-assistant.mapper.ts';

export interface AssistantContext {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** The assessments' job queue: what the assistant writes into an assessment goes through its rules. */
  jobs: JobQueue;
  model: LanguageModel;
}

export type ChatInput = z.output<typeof AiChatRequestSchema>;
export type AddToAssessmentInput = z.output<typeof AiAddToAssessmentSchema>;

/** The caller as owner of conversations: their own, in their organization. */
function ownerOf(actor: Actor): ConversationOwner {
  if (!actor.organizationId) throw forbidden('Your account does not belong to an organization yet');
  return { userId: actor.userId, organizationId: actor.organizationId };
}

/** Another person's conversation, or one that does not exist: the same 404. */
async function ownConversation(ctx: AssistantContext, owner: ConversationOwner, id: string) {
  const row = await findConversation(ctx.db, owner, id);
  if (!row) throw notFound('conversation');
  return row;
}

export async function conversationsOf(ctx: AssistantContext, actor: Actor): Promise<AiConversationList> {
  const rows = await listConversations(ctx.db, ownerOf(actor));
  return { conversations: rows.map(toConversationSummary) };
}

export async function conversationOf(
  ctx: AssistantContext,
  actor: Actor,
  id: string,
): Promise<AiConversation> {
  const row = await ownConversation(ctx, ownerOf(actor), id);
  const messages = await listMessages(ctx.db, row.id);
  return { ...toConversationSummary(row), messages: messages.map(toMessage) };
}

/** A new, empty conversation ('New conversation' until the first message names it). */
export async function startConversation(
  ctx: AssistantContext,
  actor: Actor,
  title: string | undefined,
): Promise<AiConversationSummary> {
  const row = await insertConversation(ctx.db, ownerOf(actor), title ?? NEW_TITLE, ctx.clock.now());
  return toConversationSummary(row);
}

export async function renameConversation(
  ctx: AssistantContext,
  actor: Actor,
  id: string,
  title: string,
): Promise<AiConversationSummary> {
  const row = await updateConversation(ctx.db, ownerOf(actor), id, { title });
  if (!row) throw notFound('conversation');
  return toConversationSummary(row);
}

export async function removeConversation(ctx: AssistantContext, actor: Actor, id: string): Promise<void> {
  if (!(await deleteConversation(ctx.db, ownerOf(actor), id))) throw notFound('conversation');
}

/** The title a conversation gets until its first message names it. */
export const NEW_TITLE = 'New conversation';

/** A conversation is named after its first message: its words, else its source, else what it asked for. */
function titleFrom(input: ChatInput): string {
  const words = input.message.replace(/\s+/g, ' ').trim();
  const title = words || input.source?.name || NEW_TITLE;
  const max = 80;
  return title.length <= max ? title : `${title.slice(0, max - 1).trimEnd()}…`;
}

/** What the model is told of an earlier turn: the words, and for an answer how many questions it wrote. */
function turnOf(message: AiMessage): ChatTurn {
  if (message.role === 'user') return { role: 'user', content: message.content || '(asked for questions)' };
  const questions = message.cards.map((c, i) => `${i + 1}. ${c.question.text}`).join('\n');
  const content = [message.content, questions && `Questions written:\n${questions}`]
    .filter(Boolean)
    .join('\n');
  return { role: 'assistant', content: content || '(no answer)' };
}

/** A chat turn checked and stored, ready to be answered (prepareChat). */
export interface PreparedChat {
  conversation: AiConversationSummary;
  userMessage: AiMessage;
  run(emit: (event: AiChatEvent) => void, signal: AbortSignal, translate: Translate): Promise<void>;
}

/** The caller's words for an error code ('errors:<code>' in their language; English as given). */
export type Translate = (code: string, english: string) => string;

/**
 * Checks a chat turn before any stream opens, so a refusal is an ordinary JSON error: an
 * organization, the plan's types (as generation: a type outside the plan is 403 type_not_in_plan),
 * a configured model (503 ai_key_missing, docs/product/messages.md), and the caller's own conversation (404). Then
 * stores the teacher's message (starting the conversation if it is new) and returns the run that
 * answers it.
 */
export async function prepareChat(
  ctx: AssistantContext,
  actor: Actor,
  input: ChatInput,
): Promise<PreparedChat> {
  const owner = ownerOf(actor);
  const now = ctx.clock.now();
  if (input.questions) await assertTypesInPlan(ctx.db, owner.organizationId, input.questions.types, now);
  if (!ctx.model.configured) throw keyMissing();

  const existing = input.conversationId ? await ownConversation(ctx, owner, input.conversationId) : null;
  const earlierRows = existing ? await listMessages(ctx.db, existing.id) : [];
  const earlier = earlierRows.map(toMessage);
  // A request for questions without a source of its own uses the conversation's latest one.
  const latestSource = [...earlierRows].reverse().find((m) => m.sourceText !== null);
  const sourceText = input.source?.text ?? latestSource?.sourceText ?? '';

  const conversation = existing
    ? existing.title === NEW_TITLE
      ? ((await updateConversation(ctx.db, owner, existing.id, { title: titleFrom(input) })) ?? existing)
      : existing
    : await insertConversation(ctx.db, owner, titleFrom(input), now);
  const request = input.questions
    ? {
        ...input.questions,
        types: input.questions.types.filter((t) => t.count > 0),
      }
    : null;
  const userRow = await appendMessage(ctx.db, conversation.id, {
    role: 'user',
    content: input.message,
    sourceName: input.source ? input.source.name : null,
    sourceText: input.source ? input.source.text : null,
    request,
    createdAt: now,
  });

  const counts = new Map<QuestionTypeId, number>();
  for (const { type, count } of request?.types ?? []) counts.set(type, (counts.get(type) ?? 0) + count);
  const prompt = buildChatPrompt({
    history: earlier.slice(-AI_ASSISTANT_LIMITS.contextMessages).map(turnOf),
    message: input.message,
    questions: request,
    sourceText,
  });

  return {
    conversation: toConversationSummary(conversation),
    userMessage: toMessage(userRow),
    async run(emit, signal, translate) {
      const answer = chatAnswerReader(request ? { counts } : null);
      const show = (pieces: ReturnType<typeof answer.push>) => {
        for (const piece of pieces) {
          if (piece.kind === 'prose') emit({ event: 'delta', data: { text: piece.text } });
          else if (piece.kind === 'card') emit({ event: 'card', data: piece.card });
          else emit({ event: 'dropped', data: piece.item });
        }
      };
      let failure: AppError | null = null;
      try {
        for await (const piece of ctx.model.stream(prompt, signal)) show(answer.push(piece));
      } catch (error) {
        failure =
          error instanceof AppError ? error : error instanceof ModelStreamError ? generationFailed() : null;
        if (!failure) throw error;
      }
      show(answer.finish());

      const stopped = signal.aborted;
      let problem: { code: string; message: string } | null = failure
        ? { code: failure.code, message: failure.message }
        : null;
      // Asked for questions, answered without any usable one: said, as generation says it.
      if (!problem && !stopped && request && answer.cards.length === 0) {
        const code =
          answer.raw.trim() === ''
            ? 'ai_empty_response'
            : answer.sawQuestions
              ? 'ai_no_questions'
              : 'ai_no_questions_array';
        problem = { code, message: AI_RESPONSE_MESSAGES[code] };
      }
      const stored = toMessage(
        await appendMessage(ctx.db, conversation.id, {
          role: 'assistant',
          content: answer.prose,
          cards: answer.cards,
          dropped: answer.dropped,
          status: stopped ? 'stopped' : failure ? 'failed' : 'complete',
          errorCode: problem?.code ?? null,
          errorMessage: problem?.message ?? null,
          createdAt: ctx.clock.now(),
        }),
      );
      if (stopped) return;
      if (failure) {
        emit({
          event: 'error',
          data: { code: failure.code, message: translate(failure.code, failure.message), kept: stored },
        });
        return;
      }
      emit({
        event: 'done',
        data: {
          message: stored.error
            ? {
                ...stored,
                error: { ...stored.error, message: translate(stored.error.code, stored.error.message) },
              }
            : stored,
        },
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Add to assessment

/** What a teacher saves for an assessment, from the assessment as read (a full replace on update). */
function inputOf(assessment: Assessment, questions: Question[]): AssessmentInput {
  return {
    title: assessment.title,
    subject: assessment.subject,
    difficulty: assessment.difficulty,
    generationType: assessment.generationType,
    startsAt: assessment.startsAt,
    endsAt: assessment.endsAt,
    dueAt: assessment.dueAt,
    durationMinutes: assessment.durationMinutes,
    passMark: assessment.passMark,
    instructions: assessment.instructions,
    allowRetake: assessment.allowRetake,
    language: assessment.language,
    instructor: assessment.instructor,
    status: assessment.status,
    reviewPolicy: assessment.reviewPolicy,
    assignment: assessment.assignment,
    questions,
    // Its random draws from the question bank stay as they are (a save is a full replace).
    draws: assessment.draws,
  };
}

/** The assessment's own checks (AssessmentInputSchema), answered as any invalid save is: 400 with the issues. */
function checked(input: AssessmentInput) {
  const result = AssessmentInputSchema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(
    'validation_error',
    'The assessment is not valid',
    result.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
  );
}

/** Cards get fresh ids, so adding the same card twice or to an assessment that has its id never clashes. */
const withFreshIds = (questions: readonly Question[]) => questions.map((q) => ({ ...q, id: randomUUID() }));

/**
 * POST /ai/assessment-drafts: the chosen cards into a draft of the caller's organization (through
 * the assessments service's update: access, plan types, audit) or into a new draft (its create:
 * monthly allowance, plan types, audit). A published assessment is refused (409): its students
 * may already be taking it.
 */
export async function addToAssessment(
  ctx: AssistantContext,
  actor: Actor,
  input: AddToAssessmentInput,
): Promise<AiAddedToAssessment> {
  ownerOf(actor);
  const questions = withFreshIds(input.questions);
  let saved: Assessment;
  if (input.target === 'existing') {
    const current = await getAssessment(ctx, actor, input.assessmentId);
    if (current.status !== 'draft') {
      throw conflict('conflict', 'Only a draft assessment can take questions from the assistant');
    }
    saved = await updateAssessmentById(
      ctx,
      actor,
      current.id,
      checked(inputOf(current, [...current.questions, ...questions])),
    );
  } else {
    saved = await createAssessment(
      ctx,
      actor,
      checked({
        title: input.title,
        subject: input.subject,
        difficulty: input.difficulty,
        language: input.language,
        generationType: 'ai',
        passMark: 50,
        status: 'draft',
        questions,
      }),
    );
  }
  return {
    assessmentId: saved.id,
    title: saved.title,
    added: questions.length,
    questionCount: saved.questions.length,
  };
}
