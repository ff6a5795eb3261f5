import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';

/** 'Error loading assessments' (SPEC §8), the reason, and a retry. */
export function AssessmentListError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('assessments');
  const errorText = useErrorText();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} role="alert">
      <Stack align="center" gap="sm" ta="center" maw={480} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconAlertTriangle size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('list.loadFailed')}
        </Title>
        <Text c="gray.7">{errorText(errorCodeOf(error))}</Text>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRetry}
          loading={retrying}
        >
          {t('list.retry')}
        </Button>
      </Stack>
    </Paper>
  );
}
