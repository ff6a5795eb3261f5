import type { UserProfile } from '@vbuilder/shared';

/**
 * The session the organization screens see in tests: signed in, with the `user` a test sets.
 * Mock the module with
 * `vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../test-mocks.ts')).authProvider)`.
 * The API is the mock server's (test/msw-server.ts), reached through the real client.
 */
export const auth = { user: null as UserProfile | null };
export const authProvider = { useAuth: () => ({ status: 'authenticated', user: auth.user, error: null }) };
