import { useId } from 'react';
import {
  ActionIcon,
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
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@vbuilder/shared';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useOrganizationUsers } from '../api/get-organization-users.ts';
import { useUserTable } from '../hooks/use-user-table.ts';
import { formatDate, formatTime, shortId } from '../../../lib/format.ts';
import type { Column } from '../../../components/data-table/data-table.tsx';
import { SearchField } from '../../../components/data-table/search-field.tsx';
import { emailColumn, nameColumn, roleColumn, statusColumn } from './user-columns.tsx';
import { UserListActions } from './user-list-actions.tsx';
import { UserListTable } from './user-list-table.tsx';
import { UsersLoadError } from './users-load-error.tsx';
import type { UserSortField } from '../api/get-users.ts';

/** A value the person has not given: a dash to the eye, words to a screen reader. */
function Missing({ label }: { label: string }) {
  return (
    <Text span size="sm" c="gray.7">
      <span aria-hidden>—</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Text>
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
 * The all-users table of an organization's page (docs/product/screens.md 'All-users table'): ID, employee name,
 * email, phone, role, status, date registered and last login, searched, sorted and paged on the
 * server (GET /organizations/:id/users). Self-contained: it reads the viewer from the session and
 * offers adding, importing and managing people as far as the viewer's role allows.
 */
export function AllUsersTable({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation('users');
  const { user: viewer } = useAuth();
  const table = useUserTable();
  const users = useOrganizationUsers(organizationId, table.params);
  const refused = users.isError && ['members_forbidden', 'forbidden'].includes(errorCodeOf(users.error));
  const locale = i18n.language;
  const titleId = useId();

  const columns: Column<UserSummary, UserSortField>[] = [
    { key: 'id', header: t('columns.id'), cell: (user) => <CopyId id={user.id} />, width: 130 },
    nameColumn(t('columns.employeeName')),
    emailColumn(t('columns.email')),
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
    roleColumn(t('columns.role'), 'sm'),
    statusColumn(t('columns.status'), 'sm'),
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
          {!refused && <UserListActions viewer={viewer} organizationId={organizationId} size="sm" />}
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
            <UserListTable
              users={users}
              table={table}
              columns={columns}
              caption={t('allUsers.caption')}
              viewer={viewer}
              headingOrder={3}
              minWidth={900}
              spacing="sm"
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
