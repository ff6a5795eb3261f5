import { Group, NumberInput, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmissionQuestion } from '@vbuilder/shared';
import type { MarkEntry, MarkError } from '../lib/marking.ts';

interface Props {
  question: SubmissionQuestion;
  entry: MarkEntry;
  errors: { score?: MarkError; feedback?: MarkError } | undefined;
  onChange: (entry: MarkEntry) => void;
  idPrefix: string;
  required: boolean;
}

/** Score (0..max, steps of 0.5; out of range shows the error rather than silently clamping) and feedback. */
export function MarkFields({ question, entry, errors, onChange, idPrefix, required }: Props) {
  const { t } = useTranslation('submissions');
  const text = (error: MarkError | undefined) => (error ? t(error.key, error.values) : undefined);
  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="md" wrap="wrap">
        <NumberInput
          id={`${idPrefix}-score`}
          label={t('marking.score', { max: question.max })}
          description={t('marking.scoreHint', { max: question.max })}
          value={entry.score}
          onChange={(value) =>
            onChange({
              ...entry,
              score: typeof value === 'number' ? value : value === '' ? '' : Number(value),
            })
          }
          min={0}
          max={question.max}
          step={0.5}
          decimalScale={2}
          clampBehavior="none"
          allowNegative={false}
          required={required}
          error={text(errors?.score)}
          w={{ base: '100%', xs: 220 }}
          data-score-input={question.id}
        />
      </Group>
      <Textarea
        id={`${idPrefix}-feedback`}
        label={t('marking.feedback')}
        description={t('marking.feedbackHint')}
        value={entry.feedback}
        onChange={(event) => onChange({ ...entry, feedback: event.currentTarget.value })}
        autosize
        minRows={2}
        maxRows={8}
        error={text(errors?.feedback)}
      />
    </Stack>
  );
}
