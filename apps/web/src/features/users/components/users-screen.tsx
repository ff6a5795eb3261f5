import { useState } from 'react';
import { Anchor, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@vbuilder/shared';
import { useUsers } from '../api/get-users.ts';
import { useUserTable } from '../hooks/use-user-table.ts';
import { errorCodeOf } from '../lib/errors.ts';
import { canAddUsers, canImportStudents, canManageUsers, type Viewer } from '../lib/permissions.ts';
import { ROLE_FILTERS, ROLE_OF_FILTER, type RoleFilter } from '../lib/roles.ts';
import { AddUserDialog } from './add-user-dialog.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { ImportUsersDialog } from './import-users-dialog.tsx';
import { SearchField } from './search-field.tsx';
import { TablePager } from './table-pager.tsx';
import { RoleBadge, StatusBadge } from './user-badges.tsx';
import { UserRowActions } from './user-row-actions.tsx';
import { UsersEmpty } from './users-empty.tsx';
import { UsersLoadError } from './users-load-error.tsx';

/**
 * The users page (SPEC §2 'Users table'): titled with the role being shown, searched, paged and
 * sorted on the server; columns index, user name, email, role, organization, plus the status and
 * what the viewer may do with each person.
 */
export function UsersScreen({ viewer }: { viewer: Viewer | null }) {
  const { t } = useTranslation('users');
  const [filter, setFilter] = useState<RoleFilter>('all');
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const table = useUserTable();
  const users = useUsers({
    ...table.params,
    ...(ROLE_OF_FILTER[filter] ? { role: ROLE_OF_FILTER[filter] } : {}),
  });

  // A refusal is about the page, not this search: show only the card, without the controls.
  const refused = users.isError && ['members_forbidden', 'forbidden'].includes(errorCodeOf(users.error));
  const title = t(`filters.${filter}.title`);
  const columns: Column<UserSummary>[] = [
    {
      key: 'index',
      header: t('columns.index'),
      cell: (_, number) => number,
      hideOnCard: true,
      width: 64,
    },
    {
      key: 'name',
      header: t('columns.userName'),
      sortField: 'name',
      primary: true,
      cell: (user) => (
        <Text fw={600} size="sm">
          {user.name}
        </Text>
      ),
    },
    {
      key: 'email',
      header: t('columns.email'),
      sortField: 'email',
      cell: (user) => (
        <Anchor href={`mailto:${user.email}`} size="sm">
          {user.email}
        </Anchor>
      ),
    },
    {
      key: 'role',
      header: t('columns.role'),
      sortField: 'role',
      cell: (user) => <RoleBadge role={user.role} />,
    },
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
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      cell: (user) => <StatusBadge status={user.status} />,
    },
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
              {users.data
                ? t(`filters.${filter}.count`, { count: users.data.total })
                : t(`filters.${filter}.subtitle`)}
            </Text>
          )}
        </div>
        {!refused && (
          <Group gap="sm">
            {canImportStudents(viewer) && (
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} aria-hidden />}
                onClick={() => setDialog('import')}
              >
                {t('import.open')}
              </Button>
            )}
            {canAddUsers(viewer) && (
              <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setDialog('add')}>
                {t('add.open')}
              </Button>
            )}
          </Group>
        )}
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
            {users.isError && !users.data ? (
              <UsersLoadError
                error={users.error}
                onRetry={() => void users.refetch()}
                retrying={users.isFetching}
              />
            ) : (
              <DataTable
                caption={t('table.caption', { title })}
                columns={columns}
                rows={users.data?.items}
                rowKey={(user) => user.id}
                firstRowNumber={(table.params.page - 1) * table.params.pageSize + 1}
                sort={table.params.sort}
                order={table.params.order}
                onToggleSort={table.toggleSort}
                onSort={table.setSort}
                loading={users.isPending}
                refreshing={users.isPlaceholderData}
                empty={<UsersEmpty search={table.params.search} onClearSearch={table.clearSearch} />}
                actions={
                  canManageUsers(viewer)
                    ? (user) => <UserRowActions user={user} viewer={viewer} />
                    : undefined
                }
                minWidth={860}
              />
            )}
            {users.data && users.data.total > 0 && (
              <TablePager
                total={users.data.total}
                page={table.params.page}
                pageSize={table.params.pageSize}
                onPage={table.setPage}
                onPageSize={table.setPageSize}
              />
            )}
          </Stack>
        </Paper>
      )}

      <AddUserDialog opened={dialog === 'add'} onClose={() => setDialog(null)} viewer={viewer} />
      <ImportUsersDialog opened={dialog === 'import'} onClose={() => setDialog(null)} viewer={viewer} />
    </Stack>
  );
}
