import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { EmptyState } from '../empty-state.tsx';

/**
 * In a filtered table's panel, when nothing matches the filters or the search (rather than nothing
 * existing): what happened, and a button that clears them.
 */
export function NoMatchState({
  title,
  description,
  clearLabel,
  onClear,
}: {
  title: ReactNode;
  description: ReactNode;
  clearLabel: ReactNode;
  onClear: () => void;
}) {
  return (
    <EmptyState framed={false} icon={IconFilterOff} headingOrder={2} title={title} description={description}>
      <Button variant="light" onClick={onClear}>
        {clearLabel}
      </Button>
    </EmptyState>
  );
}
