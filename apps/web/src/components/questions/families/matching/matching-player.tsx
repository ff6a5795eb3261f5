import { useMemo } from 'react';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  matchingAnswerIds,
  matchingChoices,
  type MatchingAnswer,
  type StudentMatchingConfig,
} from '@vbuilder/shared';
import type { PlayerProps } from '../../family-ui.ts';
import { partResult, ResultMark } from '../../players/common/result-mark.tsx';
import { seededScramble } from '../../players/common/shuffle.ts';
import classes from './matching-player.module.css';

/**
 * Matching pairs: each prompt gets a list of every match plus the distractors, in one order
 * shuffled by the question id (the same on every visit, never the teacher's order). A select
 * works the same with a mouse, a finger or the keyboard and names its prompt. Every select lists
 * every answer, including those already chosen for other prompts: prompts may share a match
 * (frog and newt both go with "amphibian"), which is listed once and stays available to each.
 */
export function MatchingPlayer({
  question,
  value,
  onChange,
  disabled = false,
  result,
  idPrefix,
}: PlayerProps<StudentMatchingConfig, MatchingAnswer>) {
  const { t } = useTranslation('questions');
  const { pairs, distractors, matches: viewMatches } = question.config;
  const answers = value ?? {};
  const { matches, answerOf } = useMemo(() => {
    // A student view brings its answers under opaque ids, each once, already in a secret order;
    // a full question (preview) lists each answer once under its first pair's id, scrambled here.
    if (viewMatches)
      return {
        matches: viewMatches.map((match) => ({ value: match.id, label: match.text })),
        answerOf: null,
      };
    const full = {
      pairs: pairs.map((pair) => ({ id: pair.id, match: pair.match ?? '' })),
      distractors: distractors ?? [],
    };
    return {
      matches: seededScramble(
        matchingChoices(full).map((choice) => ({ value: choice.id, label: choice.text })),
        `${question.id}:matches`,
      ),
      answerOf: matchingAnswerIds(full.pairs),
    };
  }, [pairs, distractors, viewMatches, question.id]);

  const choose = (pairId: string, matchId: string | null) => {
    const next = { ...answers };
    if (matchId === null) delete next[pairId];
    else next[pairId] = matchId;
    onChange(next);
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('players.matching.hint')}
      </Text>
      {pairs.map((pair, index) => {
        const selectId = `${idPrefix}-match-${pair.id}`;
        const given = Object.prototype.hasOwnProperty.call(answers, pair.id) ? answers[pair.id]! : null;
        // A shared match given under another of its pairs' ids is shown as the one listed.
        const chosen = given === null ? null : (answerOf?.get(given) ?? given);
        const mark = partResult(result, pair.id);
        return (
          <div
            key={pair.id}
            className={classes.row}
            data-result={mark === undefined ? undefined : mark ? 'correct' : 'incorrect'}
          >
            <div className={classes.prompt}>
              <span className={classes.number} aria-hidden>
                {index + 1}
              </span>
              <Text component="label" htmlFor={selectId} fw={500}>
                {pair.prompt}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap" className={classes.control}>
              <Select
                id={selectId}
                data={matches}
                value={chosen}
                onChange={(matchId) => choose(pair.id, matchId)}
                placeholder={t('players.matching.placeholder')}
                disabled={disabled}
                clearable
                allowDeselect
                checkIconPosition="right"
                clearButtonProps={{ 'aria-label': t('players.matching.clear', { prompt: pair.prompt }) }}
                style={{ flex: 1, minWidth: 0 }}
              />
              {mark === undefined ? null : <ResultMark correct={mark} />}
            </Group>
          </div>
        );
      })}
    </Stack>
  );
}
