import type { BloomLevel, Difficulty, QuestionTypeId } from '@vbuilder/shared';
import {
  ITEM_RULES,
  languageName,
  sourceLines,
  typeLinesAndTemplates,
  type ChatMessage,
} from './ai-prompt.ts';

/** The line the model writes between its words for the teacher and its questions. */
export const QUESTIONS_MARKER = '<<<QUESTIONS>>>';

/** What each Bloom level asks of a student, so the model writes questions at that level. */
const BLOOM_DESCRIPTIONS: Record<BloomLevel, string> = {
  remember: 'recall facts and basic concepts',
  understand: 'explain ideas or concepts in their own words',
  apply: 'use the information in a new situation',
  analyze: 'draw connections among ideas and break them into parts',
  evaluate: 'justify a stand or decision with reasons',
  create: 'produce new or original work from what they learned',
};

export interface ChatQuestionRequest {
  types: readonly { type: QuestionTypeId; count: number }[];
  difficulty: Difficulty;
  bloomLevel: BloomLevel;
  language: string;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatPromptInput {
  /** Earlier turns of the conversation, oldest first (already trimmed to the context limit). */
  history: readonly ChatTurn[];
  message: string;
  questions: ChatQuestionRequest | null;
  /** The source the questions are grounded in ('' without one). */
  sourceText: string;
}

const SYSTEM_PROMPT = [
  'You are the assistant of vbuilder, helping a teacher plan and write assessments.',
  "Answer briefly and helpfully, in the teacher's language.",
  'When the teacher asks for questions: first write one or two sentences for the teacher, then a',
  `line with exactly ${QUESTIONS_MARKER}, then one JSON object {"questions": [ ... ]} and nothing after it.`,
  ...ITEM_RULES,
  'Each item also has "passage": the sentence or sentences of the source material the question is',
  'based on, copied exactly as they appear there.',
  'Never write two questions that ask the same thing.',
].join('\n');

/** The last user turn: the teacher's words, then what to write and the source, delimited. */
function requestText(input: ChatPromptInput): string {
  const lines = input.message ? [input.message] : [];
  const q = input.questions;
  if (q) {
    const total = q.types.reduce((n, t) => n + t.count, 0);
    lines.push(
      '',
      `Write ${total} question${total === 1 ? '' : 's'} from the source material.`,
      // The form's counts are what the answer is checked against (the web shows the teacher any
      // difference from a number in their words before they send).
      `If the words above name another number of questions, write ${total} anyway: that is the number the teacher chose.`,
      `Difficulty: ${q.difficulty}.`,
      `Bloom level: ${q.bloomLevel} (the student must ${BLOOM_DESCRIPTIONS[q.bloomLevel]}).`,
      `Write every question, option, answer and instruction in ${languageName(q.language)}; keep the "type" names in English as given.`,
      '',
      ...typeLinesAndTemplates(q.types),
    );
  }
  lines.push(...sourceLines(input.sourceText));
  return lines.join('\n');
}

/** The messages for one turn of the assistant: the rules, the conversation so far, the new turn. */
export function buildChatPrompt(input: ChatPromptInput): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    ...input.history.map((turn) => ({ role: turn.role, content: turn.content })),
    { role: 'user', content: requestText(input) },
  ];
}
