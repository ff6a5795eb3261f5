import type { UseQueryResult } from '@tanstack/react-query';
import type { UserList, UserSummary } from '@vbuilder/shared';
import type { useUserTable } from '../hooks/use-user-table.ts';
import { canManageUsers, type Viewer } from '../lib/permissions.ts';
import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import { TablePager } from '../../../components/data-table/table-pager.tsx';
import { UserRowActions } from './user-row-actions.tsx';
import { UsersEmpty } from './users-empty.tsx';
import { UsersLoadError } from './users-load-error.tsx';
import type { UserSortField } from '../api/get-users.ts';

interface Props {
  users: UseQueryResult<UserList>;
  table: ReturnType<typeof useUserTable>;
  columns: Column<UserSummary, UserSortField>[];
  caption: string;
  viewer: Viewer | null;
  /** Heading level of the empty and error cards (2 on the users page, 3 in a section). */
  headingOrder?: 2 | 3;
  minWidth: number;
  spacing?: 'sm';
}

/** A page of users (or why it could not be loaded), what the viewer may do with each, and the pager. */
export function UserListTable({
  users,
  table,
  columns,
  caption,
  viewer,
  headingOrder,
  minWidth,
  spacing,
}: Props) {
  return (
    <>
      {users.isError && !users.data ? (
        <UsersLoadError
          error={users.error}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
          headingOrder={headingOrder}
        />
      ) : (
        <DataTable
          caption={caption}
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
              headingOrder={headingOrder}
            />
          }
          actions={
            canManageUsers(viewer) ? (user) => <UserRowActions user={user} viewer={viewer} /> : undefined
          }
          minWidth={minWidth}
          spacing={spacing}
        />
      )}
      <TablePager
        total={users.data?.total}
        page={table.params.page}
        pageSize={table.params.pageSize}
        onPage={table.setPage}
        onPageSize={table.setPageSize}
      />
    </>
  );
}
