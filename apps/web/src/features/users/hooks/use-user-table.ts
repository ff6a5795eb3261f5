import { useServerTable } from '../../../components/data-table/use-server-table.ts';
import type { UserSortField } from '../api/get-users.ts';

export {
  PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
} from '../../../components/data-table/use-server-table.ts';

/** Paging, sorting and search of a server-side users table (by name unless told otherwise). */
export const useUserTable = (initialSort: UserSortField = 'name') =>
  useServerTable<UserSortField>(initialSort);

export type UserTable = ReturnType<typeof useUserTable>;
