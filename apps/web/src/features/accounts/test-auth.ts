import type { UserProfile } from '@vbuilder/shared';
import { vi } from 'vitest';

/**
 * The session the signed-in account screens see in tests; a test sets `user` (and `status`).
 * Use it as the auth provider with
 * `vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../test-auth.ts')).authProvider)`.
 */
export const auth = {
  status: 'authenticated' as 'initializing' | 'authenticated' | 'unauthenticated',
  user: null as UserProfile | null,
  error: null,
  login: vi.fn(async () => {}),
  logout: vi.fn(async () => {}),
  reloadProfile: vi.fn(async () => {}),
};

export const authProvider = { useAuth: () => auth };
