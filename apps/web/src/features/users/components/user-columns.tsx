import { Anchor, Text, type MantineSize } from '@mantine/core';
import type { UserSummary } from '@vbuilder/shared';
import type { Column } from '../../../components/data-table/data-table.tsx';
import { EmailText } from '../../../components/email-text.tsx';
import { RoleBadge } from '../../../components/role-badge.tsx';
import { StatusBadge } from './user-badges.tsx';
import type { UserSortField } from '../api/get-users.ts';

/** The person's name: the sortable first column, and the title of each card on phones. */
export const nameColumn = (header: string): Column<UserSummary, UserSortField> => ({
  key: 'name',
  header,
  sortField: 'name',
  primary: true,
  cell: (user) => (
    <Text fw={600} size="sm">
      {user.name}
    </Text>
  ),
});

export const roleColumn = (header: string, size?: MantineSize): Column<UserSummary, UserSortField> => ({
  key: 'role',
  header,
  sortField: 'role',
  cell: (user) => <RoleBadge role={user.role} size={size} />,
});

export const statusColumn = (header: string, size?: MantineSize): Column<UserSummary, UserSortField> => ({
  key: 'status',
  header,
  sortField: 'status',
  cell: (user) => <StatusBadge status={user.status} size={size} />,
});

/** The sortable email, a link to write to the person. */
export const emailColumn = (header: string): Column<UserSummary, UserSortField> => ({
  key: 'email',
  header,
  sortField: 'email',
  cell: (user) => (
    <Anchor href={`mailto:${user.email}`} size="sm">
      <EmailText email={user.email} />
    </Anchor>
  ),
});
