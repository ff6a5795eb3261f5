import { Text } from '@mantine/core';
import type { QuestionTypeId } from '@vbuilder/shared';
import { useQuestionInstructions } from './use-question-instructions.ts';

/** The question's instructions (the teacher's, or the type's default) as they sit under its text. */
export function QuestionInstructions({
  question,
}: {
  question: { type: QuestionTypeId; instructions?: string | null };
}) {
  const instructions = useQuestionInstructions(question);
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {instructions}
    </Text>
  );
}
