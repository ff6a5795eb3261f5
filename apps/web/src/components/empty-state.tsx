import type { ComponentType, ReactNode } from 'react';
import { EmptyState as MantineEmptyState, Paper, Stack, Title } from '@mantine/core';

export interface EmptyStateProps {
  /** A Tabler icon (or any icon component taking size and stroke). */
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;
  title: ReactNode;
  description: ReactNode;
  /** The screen's own heading (h1) when the empty state fills a whole page. */
  pageTitle?: ReactNode;
  /** The title's level; by default 1, or 2 under a `pageTitle`. */
  headingOrder?: 1 | 2 | 3 | 4;
  /**
   * In a bordered card (the default), or bare where it stands in for rows inside a frame that
   * already has one (a table's panel).
   */
  framed?: boolean;
  /** Actions shown below the description. */
  children?: ReactNode;
}

/** What a screen shows while it has nothing to list: an icon, what is missing and what will appear. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  pageTitle,
  headingOrder,
  framed = true,
  children,
}: EmptyStateProps) {
  const state = (
    <MantineEmptyState
      variant="light"
      size="md"
      icon={<Icon size={28} stroke={1.6} aria-hidden />}
      py={framed ? 'lg' : 'xl'}
      px={framed ? undefined : 'md'}
      maw={520}
      mx="auto"
      // Mantine's dimmed grey is below the 4.5:1 contrast that body text needs.
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
    >
      <MantineEmptyState.Title order={headingOrder ?? (pageTitle ? 2 : 1)}>{title}</MantineEmptyState.Title>
      <MantineEmptyState.Description>{description}</MantineEmptyState.Description>
      {children ? <MantineEmptyState.Actions>{children}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
  const body = framed ? (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      {state}
    </Paper>
  ) : (
    state
  );
  if (!pageTitle) return body;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {pageTitle}
      </Title>
      {body}
    </Stack>
  );
}
