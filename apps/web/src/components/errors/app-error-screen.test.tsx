import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../layout/test-utils.tsx';
import { AppErrorScreen, ErrorScreen, isChunkLoadError } from './app-error-screen.tsx';

function Boom({ error }: { error: unknown }): never {
  throw error;
}

/** Renders a route that throws, with AppErrorScreen as its ErrorBoundary (as the root route has). */
const renderThrowing = (error: unknown) =>
  renderAt(null, {
    route: '/account/home',
    routes: [{ path: '/account/home', element: <Boom error={error} />, errorElement: <AppErrorScreen /> }],
  });

describe('ErrorScreen', () => {
  it('shows and hides the error message and stack', async () => {
    const error = new Error('Cannot read properties of undefined');
    error.stack = 'Error: Cannot read properties of undefined\n    at Dashboard (dashboard.tsx:12:3)';
    const user = userEvent.setup();
    await renderAt(<ErrorScreen error={error} />);

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/at Dashboard/)).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide Details' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/at Dashboard \(dashboard\.tsx:12:3\)/)).toBeVisible();
    expect(screen.getByText(/Cannot read properties of undefined/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Hide Details' }));
    expect(screen.getByRole('button', { name: 'Show Details' })).toBeInTheDocument();
    expect(screen.queryByText(/at Dashboard/)).not.toBeInTheDocument();
  });

  it('offers Retry (a reload) and Go Home', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await renderAt(<ErrorScreen error={new Error('x')} />);
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/account/home');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('describes errors that are not Error objects', async () => {
    await renderAt(<ErrorScreen error="plain text failure" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show Details' }));
    expect(screen.getByText('plain text failure')).toBeVisible();
  });
});

describe('AppErrorScreen (root ErrorBoundary)', () => {
  const reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    reload.mockReset();
  });

  it('shows the error screen for a route that throws', async () => {
    await renderThrowing(new Error('Render failed'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once for a chunk that no longer exists after a deploy, then shows the screen', async () => {
    const stale = new TypeError('Failed to fetch dynamically imported module: /assets/home-route-abc.js');
    await renderThrowing(stale);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();

    // The page came back and the chunk failed again: no reload loop.
    await renderThrowing(stale);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('recognises the chunk-load messages of the main browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
