import type { ReactNode } from 'react';
import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A right/wrong mark beside one part of an answer. The icon is for the eye; the hidden word is
 * what a screen reader says, so the mark never relies on colour alone.
 */
export function ResultMark({ correct, size = 'sm' }: { correct: boolean; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('questions');
  const Icon = correct ? IconCheck : IconX;
  const px = size === 'sm' ? 20 : 26;
  return (
    <Box
      component="span"
      data-result={correct ? 'correct' : 'incorrect'}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: px,
        height: px,
        borderRadius: '50%',
        color: 'var(--mantine-color-white)',
        background: correct ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-red-8)',
      }}
    >
      <Icon size={size === 'sm' ? 14 : 18} stroke={3} aria-hidden />
      <VisuallyHidden>{correct ? t('players.correct') : t('players.incorrect')}</VisuallyHidden>
    </Box>
  );
}

/** The mark for one part: undefined when there is no result, or it says nothing about that part. */
export function partResult(
  result: { details?: Record<string, boolean> } | null | undefined,
  key: string,
): boolean | undefined {
  const details = result?.details;
  if (!details || !Object.prototype.hasOwnProperty.call(details, key)) return undefined;
  return details[key];
}

/** A visible right/wrong line for a question with a single part (the words carry the meaning). */
export function ResultNote({ correct, children }: { correct: boolean; children?: ReactNode }) {
  const { t } = useTranslation('questions');
  const Icon = correct ? IconCheck : IconX;
  return (
    <Group
      gap={6}
      wrap="nowrap"
      c={correct ? 'teal.9' : 'red.9'}
      data-result={correct ? 'correct' : 'incorrect'}
    >
      <Icon size={18} stroke={2.5} aria-hidden style={{ flex: 'none' }} />
      <Text size="sm" fw={600} c="inherit">
        {children ?? (correct ? t('players.correct') : t('players.incorrect'))}
      </Text>
    </Group>
  );
}
