import { Box, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { LIMITS } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';

const LEVELS = [
  { key: 'weak', color: 'red' },
  { key: 'fair', color: 'orange' },
  { key: 'good', color: 'blue' },
  { key: 'strong', color: 'teal' },
] as const;

/**
 * 0 to 3. Only the minimum length is a rule (the server enforces it); length and variety beyond
 * it raise the level so people are nudged towards passphrases.
 */
export function passwordStrength(password: string): number {
  if (password.length < LIMITS.passwordMin) return 0;
  let points = 1;
  if (password.length >= LIMITS.passwordMin + 4) points += 1;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (kinds >= 3) points += 1;
  if (password.length >= 20 && kinds >= 2) points += 1;
  return Math.min(points, 3);
}

/** The hint under a new password: the minimum length, and how strong it looks. */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('accounts');
  const longEnough = password.length >= LIMITS.passwordMin;
  const level = LEVELS[passwordStrength(password)]!;
  const filled = password.length === 0 ? 0 : passwordStrength(password) + 1;

  return (
    <Stack gap={6} id={id} mt={-4}>
      <Group gap={4} grow aria-hidden>
        {LEVELS.map((step, index) => (
          <Progress
            key={step.key}
            size={4}
            value={index < filled ? 100 : 0}
            color={level.color}
            transitionDuration={0}
          />
        ))}
      </Group>
      <Group justify="space-between" gap="xs" wrap="nowrap" aria-live="polite">
        <Group gap={4} wrap="nowrap">
          <Box c={longEnough ? 'teal.9' : 'gray.7'} display="flex">
            {longEnough ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
          </Box>
          <Text size="xs" c={longEnough ? 'teal.9' : 'gray.7'}>
            {t('password.minLength', { count: LIMITS.passwordMin })}
          </Text>
        </Group>
        {password.length > 0 ? (
          <Text size="xs" fw={600} c="gray.8">
            {t(`password.strength.${level.key}`)}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
