import { useMemo } from 'react';
import { Box, Checkbox, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChoiceAnswer, StudentChoiceConfig } from '@vbuilder/shared';
import type { PlayerProps } from '../../family-ui.ts';
import { partResult, ResultMark } from '../../players/common/result-mark.tsx';
import { seededShuffle } from '../../players/common/shuffle.ts';
import classes from '../../players/common/players.module.css';

/**
 * Multiple choice and image-based questions: native radios (one correct answer) or checkboxes
 * (several), each inside a card that is its label, so the whole card is a touch target and the
 * browser gives the keyboard behaviour (arrows move within radios, Space ticks a checkbox).
 * With a result, only the options the student chose get a mark, so the marks never show which
 * unchosen option was right.
 */
export function ChoicePlayer({
  question,
  value,
  onChange,
  disabled = false,
  result,
  idPrefix,
}: PlayerProps<StudentChoiceConfig, ChoiceAnswer>) {
  const { t } = useTranslation('questions');
  const { options, multiple, shuffle } = question.config;
  const chosen = value ?? [];
  const ordered = useMemo(
    () => (shuffle ? seededShuffle(options, question.id) : options),
    [options, shuffle, question.id],
  );

  const toggle = (optionId: string, checked: boolean) => {
    if (!multiple) {
      onChange([optionId]);
      return;
    }
    const next = checked
      ? [...chosen.filter((id) => id !== optionId), optionId]
      : chosen.filter((id) => id !== optionId);
    // Keep the teacher's option order so the stored answer does not depend on click order.
    onChange(options.map((o) => o.id).filter((id) => next.includes(id)));
  };

  return (
    <Stack gap="sm">
      {question.imageUrl ? (
        <img
          className={classes.questionImage}
          src={question.imageUrl}
          alt={t('players.choice.questionImage')}
        />
      ) : null}
      <fieldset className={classes.fieldset}>
        <legend className={classes.hint}>
          {multiple ? t('players.choice.chooseMany') : t('players.choice.chooseOne')}
        </legend>
        <Stack gap="xs">
          {ordered.map((option) => {
            const checked = chosen.includes(option.id);
            const mark = checked
              ? (partResult(result, option.id) ?? (multiple ? undefined : (result?.correct ?? undefined)))
              : undefined;
            const inputId = `${idPrefix}-option-${option.id}`;
            const Control = multiple ? Checkbox : Radio;
            return (
              <label
                key={option.id}
                htmlFor={inputId}
                className={`${classes.option} ${classes.marked}`}
                data-checked={checked || undefined}
                data-disabled={disabled || undefined}
                data-result={mark === undefined ? undefined : mark ? 'correct' : 'incorrect'}
              >
                <Control
                  id={inputId}
                  name={`${idPrefix}-choice`}
                  value={option.id}
                  checked={checked}
                  disabled={disabled}
                  onChange={(event) => toggle(option.id, event.currentTarget.checked)}
                />
                <Box component="span" className={classes.optionBody}>
                  <span>{option.text}</span>
                  {option.imageUrl ? (
                    <img
                      className={classes.optionImage}
                      src={option.imageUrl}
                      alt={t('players.choice.optionImage', { option: option.text })}
                    />
                  ) : null}
                </Box>
                {mark === undefined ? null : <ResultMark correct={mark} />}
              </label>
            );
          })}
        </Stack>
      </fieldset>
    </Stack>
  );
}
