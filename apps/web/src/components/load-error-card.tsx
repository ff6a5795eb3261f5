import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { codeOf } from '../lib/api-errors.ts';
import { useErrorText } from '../lib/forms/use-error-text.ts';

/** Refusals: asking again gives the same answer, so they get a lock and no retry. */
const isRefusal = (code: string | null) =>
  code === 'unauthorized' || code === 'forbidden' || (code?.endsWith('_forbidden') ?? false);

interface LoadErrorCardProps {
  /** What could not be loaded, e.g. 'Error loading assessments'. */
  heading: string;
  /** The failure: its translated reason is shown under the heading (unless `description` is given). */
  error?: unknown;
  /** Words instead of the failure's reason. */
  description?: string;
  /** Loads again (a query's refetch); without it, or for a refusal, there is no retry button. */
  onRetry?(): void;
  retrying?: boolean;
  /** The retry button's words; 'Retry' by default. */
  retryLabel?: string;
  /** The heading's level inside the page (a screen: 2; a section of a screen: 3). */
  headingOrder?: 2 | 3;
}

/**
 * The one card for something that could not be loaded (docs/product/messages.md): what, why in the reader's
 * language, and a retry that loads it again. A refusal (no rights, no session) shows a lock
 * instead, and no retry.
 */
export function LoadErrorCard({
  heading,
  error,
  description,
  onRetry,
  retrying = false,
  retryLabel,
  headingOrder = 2,
}: LoadErrorCardProps) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const code = codeOf(error);
  const refused = isRefusal(code);
  const reason = description ?? (error === undefined ? null : errorText(code ?? 'internal_error'));
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} role="alert">
      <Stack align="center" gap="sm" ta="center" maw={480} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color={refused ? 'orange' : 'red'}>
          {refused ? <IconLock size={28} aria-hidden /> : <IconAlertTriangle size={28} aria-hidden />}
        </ThemeIcon>
        <Title order={headingOrder} size="h3">
          {heading}
        </Title>
        {/* A heading that already names the reason is not repeated. */}
        {reason && reason !== heading && <Text c="gray.7">{reason}</Text>}
        {onRetry && !refused && (
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            {retryLabel ?? t('errorScreen.retry')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
