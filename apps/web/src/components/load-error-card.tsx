import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { errorCodeOf } from '../lib/api-errors.ts';
import { useErrorText } from '../lib/forms/use-error-text.ts';

interface LoadErrorCardProps {
  /** What could not be loaded, e.g. 'Error loading assessments'. */
  heading: string;
  /** The failure; its translated reason is shown under the heading. */
  error: unknown;
  onRetry(): void;
  retrying: boolean;
  retryLabel: string;
}

/** A card for something that could not be loaded: what, why, and a retry. */
export function LoadErrorCard({ heading, error, onRetry, retrying, retryLabel }: LoadErrorCardProps) {
  const errorText = useErrorText();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} role="alert">
      <Stack align="center" gap="sm" ta="center" maw={480} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconAlertTriangle size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {heading}
        </Title>
        <Text c="gray.7">{errorText(errorCodeOf(error))}</Text>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRetry}
          loading={retrying}
        >
          {retryLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
