import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A card saying what could not be loaded, with a retry when trying again can help. */
export function LoadFailed({ message, onRetry, retrying = false }: Props) {
  const { t } = useTranslation('submissions');
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} role="alert">
      <Stack align="center" gap="sm" ta="center" maw={480} mx="auto">
        <ThemeIcon size={48} radius="xl" variant="light" color="red">
          <IconAlertTriangle size={26} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>{message}</Text>
        {onRetry && (
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            {t('load.retry')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
