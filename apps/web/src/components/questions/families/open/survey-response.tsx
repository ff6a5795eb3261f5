import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResponsePartProps } from './open-types.ts';

/**
 * A survey question: options as radios (one) or checkboxes (several). Choices are stored as the
 * option texts, in the order the options are listed. There is no right answer and no score.
 */
export function SurveyResponse({ answer, config, update, disabled, idPrefix }: ResponsePartProps) {
  const { t } = useTranslation('questions');
  const options = (config.surveyOptions ?? []).filter((option) => option.trim() !== '');
  const choices = answer.choices ?? [];
  const note = (
    <Text
      size="sm"
      c="dimmed"
      component="span"
      style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
    >
      <IconInfoCircle size={16} aria-hidden />
      {t('openPlayer.survey.noRightAnswer')}
    </Text>
  );

  if (options.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('openPlayer.survey.noOptions')}
      </Text>
    );
  }

  if (config.surveyMultiple) {
    return (
      <Checkbox.Group
        id={`${idPrefix}-survey`}
        label={t('openPlayer.survey.chooseAny')}
        description={note}
        value={choices}
        onChange={(next) => update({ choices: options.filter((option) => next.includes(option)) })}
        readOnly={disabled}
      >
        <Stack gap="xs" mt="xs">
          {options.map((option, index) => (
            <Checkbox key={`${index}-${option}`} value={option} label={option} disabled={disabled} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }

  return (
    <Radio.Group
      id={`${idPrefix}-survey`}
      name={`${idPrefix}-survey`}
      label={t('openPlayer.survey.chooseOne')}
      description={note}
      value={choices[0] ?? null}
      onChange={(next) => update({ choices: [next] })}
      readOnly={disabled}
    >
      <Stack gap="xs" mt="xs">
        {options.map((option, index) => (
          <Radio key={`${index}-${option}`} value={option} label={option} disabled={disabled} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
