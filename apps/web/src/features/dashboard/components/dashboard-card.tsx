import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { codeOf } from '../../../lib/api-errors.ts';
import { useMayOpenPath } from '../../../lib/link-access.tsx';

interface DashboardCardProps<T> {
  /** Unique on the page: names the card's region. */
  id: string;
  title: string;
  description?: string;
  query: UseQueryResult<T>;
  /** A link to the screen the card summarizes (left out when the reader may not open it). */
  action?: { label: string; to: string } | undefined;
  children(data: T): ReactNode;
}

/**
 * A dashboard card with its own loading and error state: one card failing leaves the others
 * readable, and its retry asks only for its own figures.
 */
export function DashboardCard<T>({ id, title, description, query, action, children }: DashboardCardProps<T>) {
  const { t } = useTranslation('dashboard');
  const mayOpen = useMayOpenPath();
  const headingId = `${id}-heading`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      aria-busy={query.isPending || undefined}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      shadow="xs"
      miw={0}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h4" id={headingId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="gray.7">
                {description}
              </Text>
            )}
          </div>
          {action && mayOpen(action.to) && (
            <Anchor component={Link} to={action.to} size="sm" fw={600}>
              {action.label}
            </Anchor>
          )}
        </Group>
        {query.isPending ? (
          <Stack gap="xs" role="status" aria-label={t('card.loading')}>
            <Skeleton h={20} radius="sm" />
            <Skeleton h={20} radius="sm" w="80%" />
            <Skeleton h={20} radius="sm" w="60%" />
          </Stack>
        ) : query.isError ? (
          <LoadErrorCard
            heading={t('card.errorTitle')}
            error={query.error}
            // No code: most likely no connection.
            description={codeOf(query.error) ? undefined : t('overview.errorMessage')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            retryLabel={t('overview.retry')}
            headingOrder={3}
          />
        ) : (
          children(query.data)
        )}
      </Stack>
    </Paper>
  );
}

/** The figure a card leads with: a large number and what it counts. */
export function Figure({ value, label }: { value: string; label: string }) {
  return (
    <div>
      <Text fz={32} fw={700} lh={1.1}>
        {value}
      </Text>
      <Text size="sm" c="gray.7" fw={600}>
        {label}
      </Text>
    </div>
  );
}
