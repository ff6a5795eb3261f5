import {
  IconCircleCheck,
  IconCircleHalf2,
  IconCircleX,
  IconClipboardList,
  IconHourglass,
} from '@tabler/icons-react';
import type { AnswerOutcome } from '@vbuilder/shared';

export { answerOutcome, type AnswerOutcome } from '@vbuilder/shared';

/** Each outcome's colour and icon, so the meaning never rests on colour alone. */
export const OUTCOME_LOOK = {
  correct: { color: 'teal', Icon: IconCircleCheck },
  partial: { color: 'yellow', Icon: IconCircleHalf2 },
  incorrect: { color: 'red', Icon: IconCircleX },
  pending: { color: 'blue', Icon: IconHourglass },
  unscored: { color: 'gray', Icon: IconClipboardList },
} as const satisfies Record<AnswerOutcome, { color: string; Icon: unknown }>;
