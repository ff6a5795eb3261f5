import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import i18n from './i18n.ts';

/** The code of an API error (ApiError carries one); anything else is 'internal_error'. */
const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'internal_error';

/** Users see translated words, never codes (CONVENTIONS §10). A query may opt out with meta.silent. */
export function notifyError(error: unknown) {
  const code = codeOf(error);
  notifications.show({
    color: 'red',
    title: i18n.t('errors:title'),
    message: i18n.t(`errors:${code}`, { defaultValue: i18n.t('errors:internal_error') }),
    closeButtonProps: { 'aria-label': i18n.t('common:close') },
  });
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silent && !mutation.options.onError) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // 4xx answers will not change on retry; the API client already retried 401s.
        retry: (count, error) => {
          const status = (error as { status?: number }).status;
          return (status === undefined || status >= 500) && count < 2;
        },
      },
    },
  });
}
