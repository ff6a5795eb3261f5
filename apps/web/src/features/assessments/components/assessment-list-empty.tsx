import { Button, EmptyState } from '@mantine/core';
import { IconClipboardList, IconClipboardOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UPGRADE_PROMPT_ID } from './usage-card.tsx';

interface Props {
  audience: 'staff' | 'student';
  /** A search or filter is applied: nothing matches it, rather than nothing exists. */
  filtered: boolean;
  onClearFilters: () => void;
  /** Where the create button goes (staff); null while the month's allowance is used up. */
  createHref: string | null;
}

/**
 * No rows: nothing matches the search or filters (with a way out); a teacher has not created any
 * ('You haven't created any assessments yet.', SPEC §2) with a create button; or nothing is
 * assigned to the student.
 */
export function AssessmentListEmpty({ audience, filtered, onClearFilters, createHref }: Props) {
  const { t } = useTranslation('assessments');
  const Icon = filtered ? IconSearch : audience === 'staff' ? IconClipboardList : IconClipboardOff;
  const key = filtered ? 'filtered' : audience;
  return (
    <EmptyState
      variant="light"
      size="md"
      icon={<Icon size={28} stroke={1.6} aria-hidden />}
      py="xl"
      maw={520}
      mx="auto"
      // Mantine's dimmed grey is below the 4.5:1 contrast that body text needs.
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
    >
      <EmptyState.Title order={2}>{t(`empty.${key}.title`)}</EmptyState.Title>
      <EmptyState.Description>{t(`empty.${key}.description`)}</EmptyState.Description>
      {filtered ? (
        <EmptyState.Actions>
          <Button variant="light" onClick={onClearFilters}>
            {t('empty.filtered.clear')}
          </Button>
        </EmptyState.Actions>
      ) : audience === 'staff' ? (
        <EmptyState.Actions>
          {createHref ? (
            <Button component={Link} to={createHref} leftSection={<IconPlus size={16} aria-hidden />}>
              {t('list.create')}
            </Button>
          ) : (
            <Button
              disabled
              leftSection={<IconPlus size={16} aria-hidden />}
              aria-describedby={UPGRADE_PROMPT_ID}
            >
              {t('list.create')}
            </Button>
          )}
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}
