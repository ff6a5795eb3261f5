import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from './use-server-table.ts';

/**
 * The page and page size of a server-side list without search or sorting (useServerTable has
 * them with those): another page size starts again at page 1.
 */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  return {
    page,
    pageSize,
    setPage,
    setPageSize: (size: number) => {
      setPageSize(size);
      setPage(1);
    },
    /** Back to page 1 (a filter changed). */
    resetPage: () => setPage(1),
  };
}
