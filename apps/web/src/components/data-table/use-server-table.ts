import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';

export type SortOrder = 'asc' | 'desc';

/** Page sizes offered under a table; the API allows up to 100. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Typing pauses this long before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What a server-side table asks the API for: one page, in one order, of one search. */
export interface TableParams<S extends string> {
  page: number;
  pageSize: number;
  sort: S;
  order: SortOrder;
  search?: string;
}

interface Query<S extends string> {
  page: number;
  pageSize: number;
  sort: S;
  order: SortOrder;
  search: string;
}

/**
 * Paging, sorting and search of a server-side table. The search box shows what is typed at once;
 * the query changes when typing pauses, together with going back to page 1, so a new search never
 * asks for a page that the old one had.
 */
export function useServerTable<S extends string>(initialSort: S, initialOrder: SortOrder = 'asc') {
  const [searchInput, setSearchInput] = useState('');
  const [query, setQuery] = useState<Query<S>>({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: initialSort,
    order: initialOrder,
    search: '',
  });

  const applySearch = useDebouncedCallback((value: string) => {
    setQuery((current) =>
      current.search === value.trim() ? current : { ...current, search: value.trim(), page: 1 },
    );
  }, SEARCH_DEBOUNCE_MS);

  const params: TableParams<S> = {
    page: query.page,
    pageSize: query.pageSize,
    sort: query.sort,
    order: query.order,
    ...(query.search ? { search: query.search } : {}),
  };

  return {
    params,
    searchInput,
    setSearch: (value: string) => {
      setSearchInput(value);
      applySearch(value);
    },
    clearSearch: () => {
      setSearchInput('');
      applySearch.cancel();
      setQuery((current) => ({ ...current, search: '', page: 1 }));
    },
    setPage: (page: number) => setQuery((current) => ({ ...current, page })),
    setPageSize: (pageSize: number) => setQuery((current) => ({ ...current, pageSize, page: 1 })),
    /** A header click: the same column flips its order, another column starts ascending. */
    toggleSort: (field: S) =>
      setQuery((current) => ({
        ...current,
        sort: field,
        order: current.sort === field && current.order === 'asc' ? 'desc' : 'asc',
        page: 1,
      })),
    setSort: (field: S, order: SortOrder) =>
      setQuery((current) => ({ ...current, sort: field, order, page: 1 })),
    /** A filter outside the table changed (e.g. the role): start again from page 1. */
    resetPage: () => setQuery((current) => ({ ...current, page: 1 })),
  };
}

export type ServerTable<S extends string> = ReturnType<typeof useServerTable<S>>;
