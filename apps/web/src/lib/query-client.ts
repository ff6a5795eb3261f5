import { QueryCache, QueryClient, MutationCache, type QueryKey } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import i18n from './i18n.ts';

// Type aliases, not interfaces: TanStack Query only takes a registered meta that is a Record.
type QueryMeta = {
  /** The screen reports this failure itself: no toast. */
  silent?: boolean;
};

type MutationMeta = QueryMeta & {
  /** Keys (prefixes from lib/query-keys.ts) this mutation makes stale once it succeeds. */
  invalidates?: readonly QueryKey[];
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: MutationMeta;
  }
}

/** Marks these keys (and every key under them) stale and refetches the queries on screen. */
export const invalidateKeys = (queryClient: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** The code of an API error (ApiError carries one); anything else is 'internal_error'. */
const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'internal_error';

/** Users see translated words, never codes (docs/architecture/overview.md). A query may opt out with meta.silent. */
export function notifyError(error: unknown) {
  const code = codeOf(error);
  notifications.show({
    color: 'red',
    title: i18n.t('errors:title'),
    message: i18n.t(`errors:${code}`, { defaultValue: i18n.t('errors:internal_error') }),
    closeButtonProps: { 'aria-label': i18n.t('common:close') },
  });
}

/**
 * The app's query client: failures toasted unless silent, meta.invalidates handled once.
 * Tests pass `retry: false` so a failure shows at once, and `staleTime: 0` to see every fetch.
 */
export function createQueryClient({
  retry = true,
  staleTime = 30_000,
}: { retry?: boolean; staleTime?: number } = {}) {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      // A mutation names what it makes stale (meta.invalidates); awaited, so mutateAsync resolves
      // once the screens show fresh data. Runs before the mutation's own onSuccess.
      onSuccess: (_data, _vars, _ctx, mutation) =>
        invalidateKeys(queryClient, mutation.meta?.invalidates ?? []),
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silent && !mutation.options.onError) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime,
        // 4xx answers will not change on retry; the API client already retried 401s.
        retry: (count, error) => {
          const status = (error as { status?: number }).status;
          return retry && (status === undefined || status >= 500) && count < 2;
        },
      },
    },
  });
  return queryClient;
}
