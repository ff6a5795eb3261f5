import { Button } from '@mantine/core';
import { IconUserSearch, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';

/** No rows: nobody matches the search (with a way out), or nobody is there yet. */
export function UsersEmpty({
  search,
  onClearSearch,
  headingOrder = 2,
}: {
  search?: string;
  onClearSearch: () => void;
  headingOrder?: 2 | 3 | 4;
}) {
  const { t } = useTranslation('users');
  return (
    <EmptyState
      framed={false}
      icon={search ? IconUserSearch : IconUsers}
      headingOrder={headingOrder}
      title={search ? t('empty.searchTitle') : t('empty.title')}
      description={search ? t('empty.searchDescription', { search }) : t('empty.description')}
    >
      {search ? (
        <Button variant="light" onClick={onClearSearch}>
          {t('empty.clearSearch')}
        </Button>
      ) : null}
    </EmptyState>
  );
}
