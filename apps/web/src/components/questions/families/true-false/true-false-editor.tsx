import { Group, Radio } from '@mantine/core';
import type { TrueFalseConfig } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { useFieldErrors } from '../../editors/editor-utils.ts';

/** True/False: the teacher says which one is right; a new question has neither chosen yet. */
export function TrueFalseEditor({ question, onChange, errors }: EditorProps<TrueFalseConfig>) {
  const { t } = useTranslation('questions');
  const errorFor = useFieldErrors(errors);
  // A new question's config is {} until the teacher chooses (see defaultConfig).
  const correct = (question.config as Partial<TrueFalseConfig>).correct;
  const value = correct === undefined ? null : String(correct);
  return (
    <Radio.Group
      label={t('editors.trueFalse.correct')}
      description={t('editors.trueFalse.correctHint')}
      value={value}
      onChange={(next) => onChange({ ...question, config: { ...question.config, correct: next === 'true' } })}
      error={errorFor('config.correct') ?? errorFor('config')}
      errorProps={{ role: 'alert' }}
    >
      <Group gap="md" mt="xs">
        {(['true', 'false'] as const).map((option) => (
          <Radio.Card
            key={option}
            value={option}
            radius="md"
            p="sm"
            withBorder
            style={{ width: 'auto', minWidth: 140, flex: '1 1 140px', maxWidth: 220 }}
          >
            <Group gap="sm" wrap="nowrap">
              <Radio.Indicator />
              <span style={{ fontWeight: 600 }}>{t(`editors.trueFalse.${option}`)}</span>
            </Group>
          </Radio.Card>
        ))}
      </Group>
    </Radio.Group>
  );
}
