import { lazy, Suspense, useId } from 'react';
import { Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getQuestionType, type SubmissionQuestion } from '@vbuilder/shared';

const ReadOnlyCode = lazy(() =>
  import('../../../../components/questions/families/open/read-only-code.tsx').then((m) => ({
    default: m.ReadOnlyCode,
  })),
);

/** What the teacher wrote to mark against: the model answer (code highlighted) and the rubric. */
export function ModelAnswer({ question }: { question: SubmissionQuestion }) {
  const { t } = useTranslation('submissions');
  const id = useId();
  const model = question.modelAnswer?.trim();
  const rubric = question.rubric?.trim();
  if (!model && !rubric) return null;
  const isCode = getQuestionType(question.type).responseKind === 'code';
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Stack gap="sm">
        {model && (
          <div>
            <Text id={`${id}-model`} size="sm" fw={600} mb={4}>
              {t('answer.modelAnswer')}
            </Text>
            {isCode ? (
              <Suspense fallback={<Loader size="sm" aria-label={t('answer.loading')} />}>
                <ReadOnlyCode code={model} language={question.codeLanguage} labelledBy={`${id}-model`} />
              </Suspense>
            ) : (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {model}
              </Text>
            )}
          </div>
        )}
        {rubric && (
          <div>
            <Text size="sm" fw={600} mb={4}>
              {t('answer.rubric')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {rubric}
            </Text>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
