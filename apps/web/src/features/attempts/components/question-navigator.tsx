import { memo } from 'react';
import { Group, Text } from '@mantine/core';
import { IconCheck, IconFlagFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QuestionState } from '../lib/answer-state.ts';
import classes from './question-navigator.module.css';

interface Props {
  states: readonly QuestionState[];
  current: number;
  onSelect(index: number): void;
}

/**
 * Every question as a numbered button. Answered ones are filled and carry a tick, flagged ones a
 * flag, the current one a thick outline and aria-current: the state is never told by colour alone,
 * and each button's name says it in words.
 */
export function QuestionNavigator({ states, current, onSelect }: Props) {
  const { t } = useTranslation('attempts');
  return (
    <nav aria-label={t('navigator.label')}>
      <ol className={classes.list}>
        {states.map((state, index) => (
          <NavigatorItem
            key={index}
            index={index}
            answered={state.answered}
            flagged={state.flagged}
            current={index === current}
            onSelect={onSelect}
          />
        ))}
      </ol>
      <Group gap="md" mt={6} className={classes.legend} aria-hidden>
        <Text size="xs" c="dimmed" className={classes.legendItem}>
          <span className={classes.swatch} data-answered>
            <IconCheck size={10} stroke={3} />
          </span>
          {t('navigator.legendAnswered')}
        </Text>
        <Text size="xs" c="dimmed" className={classes.legendItem}>
          <span className={classes.swatch}>
            <IconFlagFilled size={10} />
          </span>
          {t('navigator.legendFlagged')}
        </Text>
        <Text size="xs" c="dimmed" className={classes.legendItem}>
          <span className={classes.swatch} data-current />
          {t('navigator.legendCurrent')}
        </Text>
      </Group>
    </nav>
  );
}

interface ItemProps {
  index: number;
  answered: boolean;
  flagged: boolean;
  current: boolean;
  onSelect(index: number): void;
}

/**
 * One question's button: a plain button (40 of them render with the screen) and memoized, so an
 * answer typed into one question renders its own button again, not all of them.
 */
const NavigatorItem = memo(function NavigatorItem({
  index,
  answered,
  flagged,
  current,
  onSelect,
}: ItemProps) {
  const { t } = useTranslation('attempts');
  const words = [
    answered ? t('navigator.answered') : t('navigator.unanswered'),
    flagged ? t('navigator.flagged') : null,
  ].filter(Boolean);
  return (
    <li>
      <button
        type="button"
        className={classes.item}
        data-answered={answered || undefined}
        data-flagged={flagged || undefined}
        data-current={current || undefined}
        aria-current={current ? 'step' : undefined}
        aria-label={t('navigator.item', { number: index + 1, state: words.join(', ') })}
        onClick={() => onSelect(index)}
      >
        <span aria-hidden>{index + 1}</span>
        {answered && <IconCheck className={classes.tick} size={16} stroke={3} aria-hidden />}
        {flagged && <IconFlagFilled className={classes.flag} size={16} aria-hidden />}
      </button>
    </li>
  );
});
