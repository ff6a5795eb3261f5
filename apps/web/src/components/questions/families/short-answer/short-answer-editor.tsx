import { Group, NumberInput, Stack, Switch } from '@mantine/core';
import { SHORT_ANSWER_DEFAULT_MAX_WORDS, type ShortAnswerConfig } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { useFieldErrors } from '../../editors/editor-utils.ts';
import { TextListEditor } from '../../editors/text-list-editor.tsx';

export const SHORT_ANSWER_MAX_ACCEPTED = 50;
export const SHORT_ANSWER_MAX_WORDS_LIMIT = 500;

/**
 * Short answers: the answers that count as right (compared without extra spaces, a closing full
 * stop and, unless case-sensitive, letter case), and the most words a student may write.
 */
export function ShortAnswerEditor({ question, onChange, errors }: EditorProps<ShortAnswerConfig>) {
  const { t } = useTranslation('questions');
  const errorFor = useFieldErrors(errors);
  const config = question.config;
  const update = (patch: Partial<ShortAnswerConfig>) =>
    onChange({ ...question, config: { ...config, ...patch } });
  const accepted = config.acceptedAnswers ?? [];

  return (
    <Stack gap="lg">
      <TextListEditor
        legend={t('editors.shortAnswer.accepted')}
        description={t('editors.shortAnswer.acceptedHint')}
        itemName={(n) => t('editors.shortAnswer.acceptedName', { n })}
        addLabel={t('editors.shortAnswer.addAccepted')}
        placeholder={t('editors.shortAnswer.acceptedPlaceholder')}
        values={accepted}
        onChange={(acceptedAnswers) => update({ acceptedAnswers })}
        min={1}
        max={SHORT_ANSWER_MAX_ACCEPTED}
        listError={errorFor('config.acceptedAnswers')}
        itemError={(i) => errorFor(`config.acceptedAnswers.${i}`)}
      />
      <Group gap="xl" align="flex-start" wrap="wrap">
        <NumberInput
          label={t('editors.shortAnswer.maxWords')}
          description={t('editors.shortAnswer.maxWordsHint', { n: SHORT_ANSWER_DEFAULT_MAX_WORDS })}
          min={1}
          max={SHORT_ANSWER_MAX_WORDS_LIMIT}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="blur"
          value={config.maxWords ?? ''}
          onChange={(value) => {
            if (typeof value === 'number') return update({ maxWords: value });
            // Emptied: the stored question leaves it out and the default (50) applies.
            const { maxWords: _cleared, ...rest } = config;
            onChange({ ...question, config: rest as ShortAnswerConfig });
          }}
          error={errorFor('config.maxWords')}
          w={{ base: '100%', xs: 220 }}
        />
        <Switch
          mt={{ base: 0, xs: 'lg' }}
          label={t('editors.shortAnswer.caseSensitive')}
          description={t('editors.shortAnswer.caseSensitiveHint')}
          checked={config.caseSensitive ?? false}
          onChange={(event) => update({ caseSensitive: event.currentTarget.checked })}
        />
      </Group>
    </Stack>
  );
}
