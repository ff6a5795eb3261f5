import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { OrganizationListParams } from '../../../lib/organization-list.ts';

export type OrganizationSort = OrganizationListParams['sort'];

export const ORGANIZATION_PAGE_SIZE = 20;
const SORTS: readonly OrganizationSort[] = ['name', 'createdAt', 'userCount'];

/** Newest and largest first read best; names read A to Z. */
export const DEFAULT_ORDER: Record<OrganizationSort, 'asc' | 'desc'> = {
  name: 'asc',
  createdAt: 'desc',
  userCount: 'desc',
};

const positiveInt = (value: string | null): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * The list's search, page and sort live in the address, so opening an organization and coming
 * back lands on the same page, and a link can be shared. Changes replace the history entry:
 * typing a search must not leave one entry per keystroke.
 */
export function useOrganizationListParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo<OrganizationListParams>(() => {
    const sortParam = searchParams.get('sort') as OrganizationSort | null;
    const sort = sortParam && SORTS.includes(sortParam) ? sortParam : 'name';
    const orderParam = searchParams.get('order');
    const order = orderParam === 'asc' || orderParam === 'desc' ? orderParam : DEFAULT_ORDER[sort];
    return {
      search: (searchParams.get('search') ?? '').slice(0, 100),
      page: positiveInt(searchParams.get('page')),
      pageSize: ORGANIZATION_PAGE_SIZE,
      sort,
      order,
    };
  }, [searchParams]);

  const update = useCallback(
    (changes: Partial<Omit<OrganizationListParams, 'pageSize'>>) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            const text = String(value ?? '');
            // Defaults stay out of the address, so the plain list has a plain URL.
            if (!text || (key === 'page' && text === '1')) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const setSearch = useCallback((search: string) => update({ search, page: 1 }), [update]);
  const setPage = useCallback((page: number) => update({ page }), [update]);
  /** The same column again flips the order; another column starts in its natural order. */
  const toggleSort = useCallback(
    (sort: OrganizationSort) =>
      update({
        sort,
        order: sort === params.sort ? (params.order === 'asc' ? 'desc' : 'asc') : DEFAULT_ORDER[sort],
        page: 1,
      }),
    [update, params.sort, params.order],
  );

  /** The sort picked on phones: a column and an order together. */
  const setSort = useCallback(
    (sort: OrganizationSort, order: 'asc' | 'desc') => update({ sort, order, page: 1 }),
    [update],
  );

  return { params, setSearch, setPage, toggleSort, setSort };
}
