import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/api-errors.ts';

interface Props {
  title: string;
  retryLabel: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/** A list could not be fetched: what failed, the translated reason, and a retry. */
export function LoadError({ title, retryLabel, error, onRetry, retrying }: Props) {
  const { t } = useTranslation('errors');
  const code = errorCodeOf(error);
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} role="alert">
      <Stack align="center" gap="sm" ta="center" maw={480} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconAlertTriangle size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="gray.7">{t(code, { defaultValue: t('internal_error') })}</Text>
        {code !== 'unauthorized' && (
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            {retryLabel}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
