import { Radio, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StudentTrueFalseConfig, TrueFalseAnswer } from '@vbuilder/shared';
import type { PlayerProps } from '../../family-ui.ts';
import { partResult, ResultMark } from '../../players/common/result-mark.tsx';
import classes from '../../players/common/players.module.css';

/**
 * True or False: two large native radios side by side (stacked on a phone). With a result, the
 * chosen one is marked right or wrong.
 */
export function TrueFalsePlayer({
  value,
  onChange,
  disabled = false,
  result,
  idPrefix,
}: PlayerProps<StudentTrueFalseConfig, TrueFalseAnswer>) {
  const { t } = useTranslation('questions');
  const mark = value === null ? undefined : (partResult(result, 'answer') ?? result?.correct ?? undefined);
  const choices = [
    { answer: true, label: t('players.trueFalse.true') },
    { answer: false, label: t('players.trueFalse.false') },
  ];

  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.hint}>{t('players.trueFalse.legend')}</legend>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {choices.map(({ answer, label }) => {
          const checked = value === answer;
          const inputId = `${idPrefix}-${answer ? 'true' : 'false'}`;
          const choiceMark = checked ? mark : undefined;
          return (
            <label
              key={String(answer)}
              htmlFor={inputId}
              className={`${classes.option} ${classes.marked}`}
              data-size="large"
              data-checked={checked || undefined}
              data-disabled={disabled || undefined}
              data-result={choiceMark === undefined ? undefined : choiceMark ? 'correct' : 'incorrect'}
            >
              <Radio
                id={inputId}
                name={`${idPrefix}-true-false`}
                value={String(answer)}
                checked={checked}
                disabled={disabled}
                size="md"
                onChange={() => onChange(answer)}
              />
              <Text component="span" fw={600} size="lg" className={classes.optionBody}>
                {label}
              </Text>
              {choiceMark === undefined ? null : <ResultMark correct={choiceMark} size="md" />}
            </label>
          );
        })}
      </SimpleGrid>
    </fieldset>
  );
}
