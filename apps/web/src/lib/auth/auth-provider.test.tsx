import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { i18nReady } from '../i18n.ts';
import { AuthProvider, useAuth } from './auth-provider.tsx';
import { createAuthSession, type AuthSessionDeps } from './auth-session.ts';
import { setErrorSink } from './report-error.ts';
import { oidcUser, profile } from './test/fixtures.ts';

function Status() {
  const { status, user } = useAuth();
  return <p data-testid="status">{`${status}:${user?.name ?? '-'}`}</p>;
}

function sessionWith(overrides: Partial<AuthSessionDeps>) {
  const manager = {
    getUser: async () => oidcUser(600),
    signinCallback: vi.fn(),
    signinRedirect: vi.fn(),
    signoutRedirect: vi.fn(),
    removeUser: vi.fn(async () => undefined),
    clearStaleState: vi.fn(async () => undefined),
    events: { addAccessTokenExpired: vi.fn(() => () => undefined) },
  };
  return createAuthSession({
    getUserManager: async () => manager,
    tokens: {
      getUser: async () => oidcUser(600),
      getAccessToken: async () => 'access-1',
      refresh: async () => oidcUser(900),
      clear: async () => undefined,
    },
    fetchProfile: async () => profile(),
    location: () => ({
      pathname: '/account/home',
      search: '',
      href: 'http://localhost/account/home',
      origin: 'http://localhost',
    }),
    replaceUrl: vi.fn(),
    assign: vi.fn(),
    startLogin: vi.fn(async () => undefined),
    cookies: { load: () => null, read: () => null, write: vi.fn(), clear: vi.fn() },
    clearIntendedPath: vi.fn(),
    clearIdentityStorage: vi.fn(),
    clearQueryCache: vi.fn(),
    invalidateQueries: vi.fn(),
    notifyProfileFailure: vi.fn(),
    ...overrides,
  });
}

function renderProvider(session: ReturnType<typeof createAuthSession>) {
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider session={session}>
          <Status />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('AuthProvider', () => {
  let restoreSink: () => void;
  beforeAll(async () => {
    await i18nReady;
  });
  beforeEach(() => {
    restoreSink = setErrorSink(() => undefined);
  });
  afterEach(() => {
    restoreSink();
    vi.useRealTimers();
  });

  it('goes from initializing to authenticated with the profile', async () => {
    renderProvider(sessionWith({}));
    expect(screen.getByTestId('status')).toHaveTextContent('initializing:-');
    expect(await screen.findByText('authenticated:Ada Lovelace')).toBeInTheDocument();
  });

  it('shows the authentication error screen after the 30 s init timeout, and retries from it', async () => {
    vi.useFakeTimers();
    const getUserManager = vi.fn(() => new Promise<never>(() => undefined));
    renderProvider(sessionWith({ getUserManager }));
    await act(() => vi.advanceTimersByTimeAsync(29_999));
    expect(screen.queryByText('Authentication Error')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('Keycloak initialization timeout')).toBeInTheDocument();

    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(getUserManager).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('status')).toHaveTextContent('initializing');
  });
});
