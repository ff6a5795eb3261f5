import type { UserProfile } from '@vbuilder/shared';
import { vi } from 'vitest';
import type * as ApiClientModule from '../../lib/api-client.ts';

/**
 * What the organization screens talk to in tests: a signed-in session whose `user` a test sets,
 * and the API client's calls. Mock the modules with
 * `vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../test-mocks.ts')).authProvider)` and
 * `vi.mock('../../../lib/api-client.ts', async (original) => (await import('../test-mocks.ts')).withApi(original()))`.
 */
export const auth = { user: null as UserProfile | null };
export const authProvider = { useAuth: () => ({ status: 'authenticated', user: auth.user, error: null }) };

export const api = { get: vi.fn(), post: vi.fn(), patch: vi.fn() };
/** The real client module (ApiError and the rest) with `api` replaced. */
export const withApi = async (original: Promise<unknown>) => ({
  ...(await (original as Promise<typeof ApiClientModule>)),
  api,
});
