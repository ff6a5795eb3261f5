import { Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../../lib/api-errors.ts';
import { useErrorText } from '../../../../lib/forms/use-error-text.ts';

/** While an authoring screen loads: its title and the shape of what is coming. */
export function ScreenLoading({ title }: { title: string }) {
  const { t } = useTranslation('assessmentEditor');
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%" aria-busy="true">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Skeleton height={56} radius="md" aria-label={t('loading')} />
      <Skeleton height={320} radius="lg" />
    </Stack>
  );
}

/** A screen that could not load: what failed, why, and a retry. */
export function ScreenLoadError({
  title,
  message,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  message: string;
  error: unknown;
  onRetry(): void;
  retrying: boolean;
}) {
  const { t } = useTranslation('assessmentEditor');
  const errorText = useErrorText();
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} role="alert">
        <Stack align="center" gap="sm" ta="center" maw={480} mx="auto">
          <ThemeIcon size={56} radius="xl" variant="light" color="red">
            <IconAlertTriangle size={28} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h3">
            {message}
          </Title>
          <Text c="gray.7">{errorText(errorCodeOf(error))}</Text>
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            {t('retry')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
