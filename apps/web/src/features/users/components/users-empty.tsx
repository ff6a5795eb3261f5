import { Button, EmptyState } from '@mantine/core';
import { IconUserSearch, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

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
  const Icon = search ? IconUserSearch : IconUsers;
  return (
    <EmptyState
      variant="light"
      size="md"
      icon={<Icon size={28} stroke={1.6} aria-hidden />}
      py="xl"
      maw={480}
      mx="auto"
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
    >
      <EmptyState.Title order={headingOrder}>
        {search ? t('empty.searchTitle') : t('empty.title')}
      </EmptyState.Title>
      <EmptyState.Description>
        {search ? t('empty.searchDescription', { search }) : t('empty.description')}
      </EmptyState.Description>
      {search ? (
        <EmptyState.Actions>
          <Button variant="light" onClick={onClearSearch}>
            {t('empty.clearSearch')}
          </Button>
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}
