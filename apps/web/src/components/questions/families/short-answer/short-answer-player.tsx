import { Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  countWords,
  SHORT_ANSWER_DEFAULT_MAX_WORDS,
  type ShortAnswerAnswer,
  type StudentShortAnswerConfig,
} from '@vbuilder/shared';
import type { PlayerProps } from '../../family-ui.ts';
import { partResult, ResultNote } from '../../players/common/result-mark.tsx';

/**
 * A short typed answer with a live word count against the question's limit (50 words for Short
 * Answers). Going over the limit is shown at once and announced once, because marking gives an
 * answer over the limit no credit.
 */
export function ShortAnswerPlayer({
  question,
  value,
  onChange,
  disabled = false,
  result,
  idPrefix,
}: PlayerProps<StudentShortAnswerConfig, ShortAnswerAnswer>) {
  const { t } = useTranslation('questions');
  const maxWords = question.config.maxWords ?? SHORT_ANSWER_DEFAULT_MAX_WORDS;
  const text = value ?? '';
  const words = countWords(text);
  const tooLong = words > maxWords;
  const inputId = `${idPrefix}-short-answer`;
  const mark = partResult(result, 'answer') ?? result?.correct ?? undefined;
  const markedTooLong = partResult(result, 'tooLong') === true;

  return (
    <Stack gap={6}>
      <Textarea
        id={inputId}
        label={t('players.shortAnswer.label')}
        placeholder={t('players.shortAnswer.placeholder')}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        disabled={disabled}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={10_000}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        description={
          <Text component="span" size="sm" c={tooLong ? 'red.8' : 'dimmed'} fw={tooLong ? 600 : undefined}>
            {t('players.shortAnswer.wordCount', { count: words, max: maxWords })}
          </Text>
        }
        styles={{ description: { textAlign: 'end', marginTop: 4 } }}
        error={tooLong ? t('players.shortAnswer.tooLong', { count: words, max: maxWords }) : undefined}
        errorProps={{ role: 'alert' }}
      />
      {result && mark !== undefined ? (
        <ResultNote correct={mark}>
          {markedTooLong ? t('players.shortAnswer.tooLongResult') : undefined}
        </ResultNote>
      ) : null}
    </Stack>
  );
}
