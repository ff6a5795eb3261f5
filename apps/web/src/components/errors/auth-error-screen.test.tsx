import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { i18nReady } from '../../lib/i18n.ts';
import { AuthErrorScreen } from './auth-error-screen.tsx';

function renderScreen(retryCount: number, reason: 'init_timeout' | 'render_failed' = 'init_timeout') {
  const onRetry = vi.fn();
  const onSignOut = vi.fn(async () => undefined);
  render(
    <MantineProvider theme={theme}>
      <AuthErrorScreen reason={reason} retryCount={retryCount} onRetry={onRetry} onSignOut={onSignOut} />
    </MantineProvider>,
  );
  return { onRetry, onSignOut };
}

describe('AuthErrorScreen', () => {
  beforeAll(async () => {
    await i18nReady;
  });

  it('shows the texts of docs/product/screens.md and the reason', () => {
    renderScreen(0);
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('We encountered an issue with your authentication session.')).toBeInTheDocument();
    expect(screen.getByText('Keycloak initialization timeout')).toBeInTheDocument();
  });

  it.each([0, 1, 2])('offers Try Again after %i retries', async (count) => {
    const { onRetry } = renderScreen(count);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers only Sign Out & Restart once 3 retries are used', async () => {
    const { onSignOut } = renderScreen(3);
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out & Restart' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
