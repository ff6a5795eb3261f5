import { z } from 'zod';
import { QuestionSchema, QuestionTypeIdSchema } from '../questions/question.ts';
import { ASSESSMENT_LIMITS, DIFFICULTIES } from './assessments.ts';
import { AiGenerateResponseSchema, AiQuestionLanguageSchema, AiRequestedTypesSchema } from './ai.ts';

/**
 * The AI assistant (docs/product/api.md POST /ai/chat): conversations a teacher keeps with the
 * language model, answered as server-sent events. Validation messages are i18n keys of the web's
 * `assessments` namespace where the generation already has them.
 */
export const AI_ASSISTANT_LIMITS = {
  messageMax: 4000,
  conversationTitleMax: 120,
  /** Earlier messages sent back to the model as the conversation's context. */
  contextMessages: 12,
  sourceNameMax: 255,
} as const;

/** Bloom's revised taxonomy, lowest to highest. */
export const BLOOM_LEVELS = ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'] as const;
export type BloomLevel = (typeof BLOOM_LEVELS)[number];

/** What questions a message asks for: types and counts (as the generation), difficulty, Bloom level. */
export const AiQuestionRequestSchema = z.object({
  types: AiRequestedTypesSchema,
  difficulty: z.enum(DIFFICULTIES).default('Medium'),
  bloomLevel: z.enum(BLOOM_LEVELS).default('understand'),
  /** The language the questions are written in (BCP 47). */
  language: AiQuestionLanguageSchema,
});
export type AiQuestionRequest = z.input<typeof AiQuestionRequestSchema>;

/** A source attached to a message: the text POST /api/ai/source read from a document (or pasted). */
export const AiAttachedSourceSchema = z.object({
  name: z.string().trim().max(AI_ASSISTANT_LIMITS.sourceNameMax).default(''),
  text: z
    .string()
    .trim()
    .min(1, 'assessments.ai.sourceTooLong')
    .max(ASSESSMENT_LIMITS.aiSourceTextMax, 'assessments.ai.sourceTooLong'),
});

/**
 * POST /api/ai/chat. Without `conversationId` a new conversation starts. A message says
 * something, asks for questions, or both; a request for questions without a source of its own
 * uses the conversation's latest one.
 */
export const AiChatRequestSchema = z
  .object({
    conversationId: z.uuid().optional(),
    message: z.string().trim().max(AI_ASSISTANT_LIMITS.messageMax).default(''),
    source: AiAttachedSourceSchema.optional(),
    questions: AiQuestionRequestSchema.optional(),
  })
  .refine((body) => body.message.length > 0 || body.questions !== undefined, {
    message: 'validation.invalidValue',
    path: ['message'],
  });
export type AiChatRequest = z.input<typeof AiChatRequestSchema>;

/** A generated question as a card: valid by the registry, with the source passage it comes from. */
export const AiCardSchema = z.object({
  question: QuestionSchema,
  passage: z.string().nullable(),
});
export type AiCard = z.infer<typeof AiCardSchema>;

/** An item the model wrote that was dropped, with why (the generation's `rejected` items). */
export const AiDroppedSchema = AiGenerateResponseSchema.shape.rejected.element;
export type AiDropped = z.infer<typeof AiDroppedSchema>;

/** complete: the answer ended; failed: the model broke off (what arrived is kept); stopped: the teacher stopped it. */
export const AI_MESSAGE_STATUSES = ['complete', 'failed', 'stopped'] as const;

export const AiMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  /** The teacher's words, or the assistant's prose (its questions are the cards). */
  content: z.string(),
  /** The attached source (user messages): its name and length, not its text. */
  source: z.object({ name: z.string(), characters: z.number().int() }).nullable(),
  /** What questions were asked for (user messages). */
  request: z
    .object({
      types: z.array(z.object({ type: QuestionTypeIdSchema, count: z.number().int() })),
      difficulty: z.enum(DIFFICULTIES),
      bloomLevel: z.enum(BLOOM_LEVELS),
      language: z.string(),
    })
    .nullable(),
  cards: z.array(AiCardSchema),
  dropped: z.array(AiDroppedSchema),
  status: z.enum(AI_MESSAGE_STATUSES),
  /** Why the answer is incomplete or has no questions: an error code and its message. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AiMessage = z.infer<typeof AiMessageSchema>;

export const AiConversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiConversationSummary = z.infer<typeof AiConversationSummarySchema>;

/** GET /api/ai/conversations: the caller's own, newest activity first. */
export const AiConversationListSchema = z.object({ conversations: z.array(AiConversationSummarySchema) });
export type AiConversationList = z.infer<typeof AiConversationListSchema>;

/** GET /api/ai/conversations/:id */
export const AiConversationSchema = AiConversationSummarySchema.extend({
  messages: z.array(AiMessageSchema),
});
export type AiConversation = z.infer<typeof AiConversationSchema>;

/** POST /api/ai/conversations (an empty one) and PATCH /api/ai/conversations/:id (rename). */
export const AiConversationTitleSchema = z.object({
  title: z
    .string('validation.invalidValue')
    .trim()
    .min(1, 'assessments.errors.titleRequired')
    .max(AI_ASSISTANT_LIMITS.conversationTitleMax, 'assessments.errors.titleTooLong'),
});
export const AiNewConversationSchema = AiConversationTitleSchema.partial();

/**
 * The server-sent events of POST /api/ai/chat, in order: `conversation` (the conversation and the
 * stored question), `delta` pieces of the prose, `card` and `dropped` as each question is judged,
 * then `done` with the stored answer, or `error` (the model failed, the answer kept as received).
 */
export const AiChatEventSchemas = {
  conversation: z.object({ conversation: AiConversationSummarySchema, message: AiMessageSchema }),
  delta: z.object({ text: z.string() }),
  card: AiCardSchema,
  dropped: AiDroppedSchema,
  done: z.object({ message: AiMessageSchema }),
  error: z.object({ code: z.string(), message: z.string(), kept: AiMessageSchema.nullable() }),
} as const;
export type AiChatEventName = keyof typeof AiChatEventSchemas;
export type AiChatEvent = {
  [K in AiChatEventName]: { event: K; data: z.infer<(typeof AiChatEventSchemas)[K]> };
}[AiChatEventName];

/**
 * POST /api/ai/assessment-drafts: chosen (possibly edited) cards into an existing draft of the
 * caller's organization, or into a new draft. The assessment's own checks apply (the assessments
 * service's create or update).
 */
export const AiAddToAssessmentSchema = z.discriminatedUnion('target', [
  z.object({
    target: z.literal('existing'),
    assessmentId: z.uuid(),
    questions: z.array(QuestionSchema).min(1, 'assessments.errors.questionsRequired'),
  }),
  z.object({
    target: z.literal('new'),
    title: z.string('assessments.errors.titleRequired'),
    subject: z.string('assessments.errors.subjectRequired'),
    difficulty: z.enum(DIFFICULTIES).default('Medium'),
    language: z.string().default('en'),
    questions: z.array(QuestionSchema).min(1, 'assessments.errors.questionsRequired'),
  }),
]);
export type AiAddToAssessment = z.input<typeof AiAddToAssessmentSchema>;

export const AiAddedToAssessmentSchema = z.object({
  assessmentId: z.string(),
  title: z.string(),
  added: z.number().int(),
  questionCount: z.number().int(),
});
export type AiAddedToAssessment = z.infer<typeof AiAddedToAssessmentSchema>;
