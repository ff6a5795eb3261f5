import { Button } from '@mantine/core';
import { IconClipboardList, IconClipboardOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
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
 * ('You haven't created any assessments yet.', docs/product/screens.md) with a create button; or nothing is
 * assigned to the student.
 */
export function AssessmentListEmpty({ audience, filtered, onClearFilters, createHref }: Props) {
  const { t } = useTranslation('assessments');
  const Icon = filtered ? IconSearch : audience === 'staff' ? IconClipboardList : IconClipboardOff;
  const key = filtered ? 'filtered' : audience;
  return (
    <EmptyState
      framed={false}
      icon={Icon}
      headingOrder={2}
      title={t(`empty.${key}.title`)}
      description={t(`empty.${key}.description`)}
    >
      {filtered ? (
        <Button variant="light" onClick={onClearFilters}>
          {t('empty.filtered.clear')}
        </Button>
      ) : audience === 'staff' ? (
        createHref ? (
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
        )
      ) : null}
    </EmptyState>
  );
}
