import { useId, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy, IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@vbuilder/shared';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useOrganizationUsers } from '../api/get-organization-users.ts';
import { useUserTable } from '../hooks/use-user-table.ts';
import { errorCodeOf } from '../lib/errors.ts';
import { formatDate, formatTime, shortId } from '../lib/format.ts';
import { canAddUsers, canImportStudents, canManageUsers } from '../lib/permissions.ts';
import { AddUserDialog } from './add-user-dialog.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { ImportUsersDialog } from './import-users-dialog.tsx';
import { SearchField } from './search-field.tsx';
import { TablePager } from './table-pager.tsx';
import { RoleBadge, StatusBadge } from './user-badges.tsx';
import { UserRowActions } from './user-row-actions.tsx';
import { UsersEmpty } from './users-empty.tsx';
import { UsersLoadError } from './users-load-error.tsx';

/** A value the person has not given: a dash to the eye, words to a screen reader. */
function Missing({ label }: { label: string }) {
  return (
    <Text span size="sm" c="gray.7">
      <span aria-hidden>—</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Text>
  );
}

/** An address that may break before its '@' only, never in the middle of a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function CopyId({ id }: { id: string }) {
  const { t } = useTranslation('users');
  return (
    <Group gap={4} wrap="nowrap">
      <Code title={id}>{shortId(id)}</Code>
      <CopyButton value={id} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('values.idCopied') : t('values.copyId')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              onClick={copy}
              aria-label={copied ? t('values.idCopied') : t('values.copyIdOf', { id })}
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * The all-users table of an organization's page (SPEC §2 'All-users table'): ID, employee name,
 * email, phone, role, status, date registered and last login, searched, sorted and paged on the
 * server (GET /organizations/:id/users). Self-contained: it reads the viewer from the session and
 * offers adding, importing and managing people as far as the viewer's role allows.
 */
export function AllUsersTable({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation('users');
  const { user: viewer } = useAuth();
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const table = useUserTable();
  const users = useOrganizationUsers(organizationId, table.params);
  const refused = users.isError && ['members_forbidden', 'forbidden'].includes(errorCodeOf(users.error));
  const locale = i18n.language;
  const titleId = useId();

  const columns: Column<UserSummary>[] = [
    { key: 'id', header: t('columns.id'), cell: (user) => <CopyId id={user.id} />, width: 130 },
    {
      key: 'name',
      header: t('columns.employeeName'),
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
          <EmailText email={user.email} />
        </Anchor>
      ),
    },
    {
      key: 'phone',
      header: t('columns.phone'),
      cell: (user) =>
        user.phone ? (
          <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
            {user.phone}
          </Text>
        ) : (
          <Missing label={t('values.noPhone')} />
        ),
    },
    {
      key: 'role',
      header: t('columns.role'),
      sortField: 'role',
      cell: (user) => <RoleBadge role={user.role} size="sm" />,
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      cell: (user) => <StatusBadge status={user.status} size="sm" />,
    },
    {
      key: 'createdAt',
      header: t('columns.dateRegistered'),
      sortField: 'createdAt',
      cell: (user) => (
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(user.createdAt, locale)}
        </Text>
      ),
    },
    {
      key: 'lastLoginAt',
      header: t('columns.lastLogin'),
      sortField: 'lastLoginAt',
      cell: (user) =>
        user.lastLoginAt ? (
          // Date over time keeps the column narrow enough for the table to fit beside the side menu.
          <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDate(user.lastLoginAt, locale)}
            <br />
            <Text span size="xs" c="gray.7">
              {formatTime(user.lastLoginAt, locale)}
            </Text>
          </Text>
        ) : (
          <Text span size="sm" c="gray.7">
            {t('values.never')}
          </Text>
        ),
    },
  ];

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={2} size="h4" id={titleId}>
              {t('allUsers.title')}
            </Title>
            <Text size="sm" c="gray.7" aria-live="polite">
              {users.data ? t('allUsers.count', { count: users.data.total }) : t('allUsers.subtitle')}
            </Text>
          </div>
          {!refused && (
            <Group gap="sm">
              {canImportStudents(viewer) && (
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconFileImport size={16} aria-hidden />}
                  onClick={() => setDialog('import')}
                >
                  {t('import.open')}
                </Button>
              )}
              {canAddUsers(viewer) && (
                <Button
                  size="sm"
                  leftSection={<IconUserPlus size={16} aria-hidden />}
                  onClick={() => setDialog('add')}
                >
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
            headingOrder={3}
          />
        ) : (
          <>
            <SearchField
              aria-label={t('search.label')}
              placeholder={t('search.placeholder')}
              value={table.searchInput}
              onChange={table.setSearch}
              onClear={table.clearSearch}
              w={{ base: '100%', sm: 360 }}
            />
            {users.isError && !users.data ? (
              <UsersLoadError
                error={users.error}
                onRetry={() => void users.refetch()}
                retrying={users.isFetching}
                headingOrder={3}
              />
            ) : (
              <DataTable
                caption={t('allUsers.caption')}
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
                empty={
                  <UsersEmpty
                    search={table.params.search}
                    onClearSearch={table.clearSearch}
                    headingOrder={3}
                  />
                }
                actions={
                  canManageUsers(viewer)
                    ? (user) => <UserRowActions user={user} viewer={viewer} />
                    : undefined
                }
                minWidth={900}
                spacing="sm"
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
          </>
        )}
      </Stack>

      <AddUserDialog
        opened={dialog === 'add'}
        onClose={() => setDialog(null)}
        viewer={viewer}
        organizationId={organizationId}
      />
      <ImportUsersDialog
        opened={dialog === 'import'}
        onClose={() => setDialog(null)}
        viewer={viewer}
        organizationId={organizationId}
      />
    </Paper>
  );
}
