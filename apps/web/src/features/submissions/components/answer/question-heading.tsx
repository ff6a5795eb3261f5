import { Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmissionQuestion } from '@vbuilder/shared';
import { showsImageAbovePlayer } from '../../../../components/questions/family-traits.ts';
import { QuestionInstructions } from '../../../../components/questions/question-instructions.tsx';

interface Props {
  question: SubmissionQuestion;
  number: number;
  headingId: string;
  /** Heading level inside the page or dialog. */
  order: 2 | 3 | 4;
}

/** "Question 2 · Essay Questions · 5 points", then the question text, its instructions and picture. */
export function QuestionHeading({ question, number, headingId, order }: Props) {
  const { t } = useTranslation(['submissions', 'questionTypes']);
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text size="xs" fw={700} tt="uppercase" c="gray.7">
          {t('question.number', { number })}
        </Text>
        <Text size="xs" c="gray.7">
          {t(`questionTypes:types.${question.type}.label`, { defaultValue: question.type })}
        </Text>
        <Text size="xs" c="gray.7">
          {t('question.points', { count: question.max })}
        </Text>
      </Group>
      <Title
        id={headingId}
        order={order}
        size="h5"
        fw={600}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {question.text}
      </Title>
      <QuestionInstructions question={question.question} />
      {question.question.imageUrl && showsImageAbovePlayer(question.type) && (
        <Image
          src={question.question.imageUrl}
          alt={t('question.image')}
          maw={360}
          radius="sm"
          fit="contain"
        />
      )}
    </Stack>
  );
}
