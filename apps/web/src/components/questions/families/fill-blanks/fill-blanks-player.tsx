import { Fragment, useMemo } from 'react';
import { Box, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { splitPassage, type FillBlanksAnswer, type StudentFillBlanksConfig } from '@vbuilder/shared';
import type { PlayerProps } from '../../family-ui.ts';
import { partResult, ResultMark } from '../../players/common/result-mark.tsx';
import classes from './fill-blanks-player.module.css';

/**
 * The passage with a small text box at each [[n]] marker, read in order, each labelled
 * "Blank n" so a screen reader names it and Tab walks the gaps in reading order. A box grows with
 * what is typed (never with the expected answer, which would give its length away).
 */
export function FillBlanksPlayer({
  question,
  value,
  onChange,
  disabled = false,
  result,
  idPrefix,
}: PlayerProps<StudentFillBlanksConfig, FillBlanksAnswer>) {
  const { t } = useTranslation('questions');
  const parts = useMemo(() => splitPassage(question.config.passage), [question.config.passage]);
  const answers = value ?? {};

  const setGap = (gapId: string, text: string) => onChange({ ...answers, [gapId]: text });

  return (
    <Stack gap="xs">
      <Text className={classes.hint}>{t('players.fillBlanks.hint')}</Text>
      <Box className={classes.passage}>
        {parts.map((part, index) => {
          if ('text' in part) return <Fragment key={index}>{part.text}</Fragment>;
          const text = Object.prototype.hasOwnProperty.call(answers, part.gapId) ? answers[part.gapId]! : '';
          const mark = partResult(result, part.gapId);
          return (
            <span key={index} className={classes.gap}>
              <input
                id={`${idPrefix}-gap-${part.gapId}`}
                className={classes.input}
                type="text"
                value={text}
                disabled={disabled}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={500}
                aria-label={t('players.fillBlanks.blank', { n: part.gapId })}
                aria-invalid={mark === false || undefined}
                data-result={mark === undefined ? undefined : mark ? 'correct' : 'incorrect'}
                style={{ width: `${Math.min(24, Math.max(7, text.length + 2))}ch` }}
                onChange={(event) => setGap(part.gapId, event.currentTarget.value)}
              />
              {mark === undefined ? null : <ResultMark correct={mark} />}
            </span>
          );
        })}
      </Box>
    </Stack>
  );
}
