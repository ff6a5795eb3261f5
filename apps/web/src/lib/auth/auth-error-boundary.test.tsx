import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { i18nReady } from '../i18n.ts';
import { AuthErrorBoundary } from './auth-error-boundary.tsx';
import { setErrorSink } from './report-error.ts';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>recovered</p>;
}

function Harness({ onSignOut }: { onSignOut: () => void }) {
  const [retries, setRetries] = useState(0);
  return (
    <MantineProvider theme={theme}>
      <AuthErrorBoundary retryCount={retries} onRetry={() => setRetries((n) => n + 1)} onSignOut={onSignOut}>
        <Fragile />
      </AuthErrorBoundary>
    </MantineProvider>
  );
}

describe('AuthErrorBoundary', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterEach(() => {
    shouldThrow = true;
    vi.restoreAllMocks();
  });

  it('shows the authentication error screen and reports the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sink = vi.fn();
    const restore = setErrorSink(sink);
    render(<Harness onSignOut={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(sink).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'boom' }),
      expect.objectContaining({ area: 'auth', action: 'render' }),
    );
    restore();
  });

  it('runs the subtree again on Try Again, until 3 retries are used', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const restore = setErrorSink(() => undefined);
    render(<Harness onSignOut={vi.fn()} />);
    for (let i = 0; i < 3; i += 1) await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Out & Restart' })).toBeInTheDocument();
    restore();
  });

  it('recovers when the retry renders', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const restore = setErrorSink(() => undefined);
    render(<Harness onSignOut={vi.fn()} />);
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('recovered')).toBeInTheDocument();
    restore();
  });
});
