import { useEffect, useRef } from 'react';
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { codeOf } from '../../../lib/api-errors.ts';

/** Shown instead of the profile when it cannot be loaded (SPEC §8): a toast once, and a card to retry. */
export function ProfileLoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation(['profile', 'errors']);
  const code = codeOf(error);

  // One toast per failure, not one per render or language change.
  const notified = useRef<unknown>(null);
  useEffect(() => {
    if (notified.current === error) return;
    notified.current = error;
    showToast('failure', t('profile:load.toast'));
  }, [error, t]);

  return (
    <Card withBorder padding="xl" radius="lg" role="alert">
      <Stack align="center" gap="sm" ta="center" py="lg">
        <ThemeIcon color="red" variant="light" size={56} radius="xl">
          <IconAlertTriangle size={30} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('profile:load.errorTitle')}
        </Title>
        <Text c="dimmed" maw={420}>
          {code
            ? t(`errors:${code}`, { defaultValue: t('profile:load.errorText') })
            : t('profile:load.errorText')}
        </Text>
        <Group mt="sm">
          <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={onRetry} loading={retrying}>
            {t('profile:load.retry')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
