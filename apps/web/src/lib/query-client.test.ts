import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { dashboardKeys, organizationKeys, userKeys } from './query-keys.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

let client: QueryClient;
const unsubscribers: (() => void)[] = [];

afterEach(() => {
  unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
  client.clear();
});

/** A query on screen (observed), answered by a counting fetcher. */
async function watch(queryKey: readonly unknown[]) {
  const queryFn = vi.fn(() => Promise.resolve('data'));
  const observer = new QueryObserver(client, { queryKey, queryFn, staleTime: Infinity });
  unsubscribers.push(observer.subscribe(() => {}));
  await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
  return queryFn;
}

const mutate = (meta?: { invalidates?: readonly (readonly unknown[])[] }) =>
  new MutationObserver(client, { mutationFn: () => Promise.resolve('done'), meta }).mutate();

describe('createQueryClient: meta.invalidates', () => {
  it('refetches the queries under the keys a successful mutation names, once it resolves', async () => {
    client = createQueryClient({ retry: false });
    const users = await watch(userKeys.list({ page: 1 }));
    const dashboard = await watch(dashboardKeys.summary());
    const organizations = await watch(organizationKeys.list({ page: 1 }));

    await mutate({ invalidates: [userKeys.all, dashboardKeys.all] });

    // Awaited by the mutation: by the time it resolves the named queries have refetched.
    expect(users).toHaveBeenCalledTimes(2);
    expect(dashboard).toHaveBeenCalledTimes(2);
    expect(organizations).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(organizationKeys.list({ page: 1 }))?.isInvalidated).toBe(false);
  });

  it('leaves every query alone when a mutation names no keys', async () => {
    client = createQueryClient({ retry: false });
    const users = await watch(userKeys.list({ page: 1 }));

    await mutate();

    expect(users).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(userKeys.list({ page: 1 }))?.isInvalidated).toBe(false);
  });

  it('does not invalidate when the mutation fails', async () => {
    client = createQueryClient({ retry: false });
    const users = await watch(userKeys.list({ page: 1 }));

    await expect(
      new MutationObserver(client, {
        mutationFn: () => Promise.reject(new Error('no')),
        meta: { silent: true, invalidates: [userKeys.all] },
      }).mutate(),
    ).rejects.toThrow('no');

    expect(users).toHaveBeenCalledTimes(1);
  });
});
