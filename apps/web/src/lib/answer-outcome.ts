import {
  IconCircleCheck,
  IconCircleHalf2,
  IconCircleX,
  IconClipboardList,
  IconHourglass,
} from '@tabler/icons-react';

/** How one marked answer stands, in the words the screens use. */
export type AnswerOutcome = 'correct' | 'partial' | 'incorrect' | 'pending' | 'unscored';

/**
 * The outcome of an answer from its marking: 'manual' waits for a teacher, 'unscored' counts
 * for nothing (surveys); a marked answer is correct, partly correct (some points) or incorrect.
 */
export function answerOutcome({
  markStatus,
  correct,
  score,
}: {
  markStatus: 'auto' | 'manual' | 'unscored' | 'marked';
  correct: boolean | null;
  score: number;
}): AnswerOutcome {
  if (markStatus === 'manual') return 'pending';
  if (markStatus === 'unscored') return 'unscored';
  if (correct) return 'correct';
  return score > 0 ? 'partial' : 'incorrect';
}

/** Each outcome's colour and icon, so the meaning never rests on colour alone. */
export const OUTCOME_LOOK = {
  correct: { color: 'teal', Icon: IconCircleCheck },
  partial: { color: 'yellow', Icon: IconCircleHalf2 },
  incorrect: { color: 'red', Icon: IconCircleX },
  pending: { color: 'blue', Icon: IconHourglass },
  unscored: { color: 'gray', Icon: IconClipboardList },
} as const satisfies Record<AnswerOutcome, { color: string; Icon: unknown }>;
