import { useEffect, useState } from 'react';
import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@vbuilder/shared';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useUsers, type UserSortField } from '../api/get-users.ts';
import { useUserTable } from '../hooks/use-user-table.ts';
import type { Viewer } from '../lib/permissions.ts';
import { ROLE_FILTERS, ROLE_OF_FILTER, type RoleFilter } from '../lib/roles.ts';
import type { Column } from '../../../components/data-table/data-table.tsx';
import { SearchField } from '../../../components/data-table/search-field.tsx';
import { emailColumn, nameColumn, roleColumn, statusColumn } from './user-columns.tsx';
import { UserListActions } from './user-list-actions.tsx';
import { UserListTable } from './user-list-table.tsx';
import { UsersLoadError } from './users-load-error.tsx';

/**
 * The users page (docs/product/screens.md 'Users table'): titled with the role being shown, searched, paged and
 * sorted on the server; columns index, user name, email, role, organization, plus the status and
 * what the viewer may do with each person.
 */
export function UsersScreen({ viewer }: { viewer: Viewer | null }) {
  const { t } = useTranslation('users');
  const [filter, setFilter] = useState<RoleFilter>('all');
  const table = useUserTable();
  const users = useUsers({
    ...table.params,
    ...(ROLE_OF_FILTER[filter] ? { role: ROLE_OF_FILTER[filter] } : {}),
  });

  // The size of the list without a search (per role filter), so a search's count is not read as it.
  const searching = Boolean(table.params.search?.trim());
  const [totals, setTotals] = useState<Partial<Record<RoleFilter, number>>>({});
  const unsearchedTotal = !searching && !users.isPlaceholderData ? users.data?.total : undefined;
  useEffect(() => {
    if (unsearchedTotal !== undefined) setTotals((known) => ({ ...known, [filter]: unsearchedTotal }));
  }, [filter, unsearchedTotal]);
  const countText = (count: number) => {
    if (!searching) return t(`filters.${filter}.count`, { count });
    const total = totals[filter];
    return total === undefined ? t('filters.matching', { count }) : t('filters.matchingOf', { count, total });
  };

  // A refusal is about the page, not this search: show only the card, without the controls.
  const refused = users.isError && ['members_forbidden', 'forbidden'].includes(errorCodeOf(users.error));
  const title = t(`filters.${filter}.title`);
  const columns: Column<UserSummary, UserSortField>[] = [
    {
      key: 'index',
      header: t('columns.index'),
      cell: (_, number) => number,
      hideOnCard: true,
      width: 64,
    },
    nameColumn(t('columns.userName')),
    emailColumn(t('columns.email')),
    roleColumn(t('columns.role')),
    {
      key: 'organization',
      header: t('columns.organization'),
      cell: (user) =>
        user.organizationName ?? (
          <Text span size="sm" c="gray.7">
            {t('values.noOrganization')}
          </Text>
        ),
    },
    statusColumn(t('columns.status')),
  ];

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          {!refused && (
            <Text c="gray.7" size="sm" aria-live="polite">
              {users.data ? countText(users.data.total) : t(`filters.${filter}.subtitle`)}
            </Text>
          )}
        </div>
        {!refused && <UserListActions viewer={viewer} />}
      </Group>

      {refused ? (
        <UsersLoadError
          error={users.error}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="md">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <SegmentedControl
                aria-label={t('filters.label')}
                value={filter}
                onChange={(value) => {
                  setFilter(value as RoleFilter);
                  table.resetPage();
                }}
                data={ROLE_FILTERS.map((value) => ({ value, label: t(`filters.${value}.label`) }))}
                size="sm"
                w={{ base: '100%', sm: 'auto' }}
                styles={{ label: { paddingInline: 8 } }}
              />
              <SearchField
                aria-label={t('search.label')}
                placeholder={t('search.placeholder')}
                value={table.searchInput}
                onChange={table.setSearch}
                onClear={table.clearSearch}
                w={{ base: '100%', sm: 320 }}
              />
            </Group>
            <UserListTable
              users={users}
              table={table}
              columns={columns}
              caption={t('table.caption', { title })}
              viewer={viewer}
              minWidth={860}
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
