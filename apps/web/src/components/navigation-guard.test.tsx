import { act, screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentPath, renderAt } from './layout/test-utils.tsx';
import { createNavigationLimiter, NavigationGuard } from './navigation-guard.tsx';

describe('createNavigationLimiter', () => {
  it('allows 5 navigations within 3 s, refuses the 6th and pauses for one window', () => {
    let now = 1_000;
    const limiter = createNavigationLimiter(() => now);
    for (let i = 0; i < 5; i += 1) {
      expect(limiter.attempt()).toBe('allow');
      now += 500;
    }
    expect(limiter.attempt()).toBe('block-first');
    now += 1_000;
    expect(limiter.attempt()).toBe('block');
    now += 1_999;
    expect(limiter.attempt()).toBe('block');
    now += 1;
    expect(limiter.attempt()).toBe('allow');
  });

  it('never blocks navigations spread over more than the window', () => {
    let now = 0;
    const limiter = createNavigationLimiter(() => now);
    for (let i = 0; i < 50; i += 1) {
      expect(limiter.attempt()).toBe('allow');
      now += 601; // 5 in 3 s at most
    }
  });

  it('forgets navigations older than the window', () => {
    let now = 0;
    const limiter = createNavigationLimiter(() => now);
    for (let i = 0; i < 5; i += 1) limiter.attempt();
    now = 3_000;
    expect(limiter.attempt()).toBe('allow');
  });
});

describe('NavigationGuard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    // Toasts live in a module-wide store that outlives each render.
    notifications.clean();
  });

  async function renderGuarded() {
    const rendered = await renderAt(null, {
      route: '/p/0',
      routes: [
        {
          element: (
            <>
              <NavigationGuard />
              <Outlet />
            </>
          ),
          children: [{ path: '/p/:n', element: <CurrentPath /> }],
        },
      ],
    });
    const go = async (n: number) => {
      await act(() => rendered.router.navigate(`/p/${n}`));
    };
    return { ...rendered, go };
  }

  const path = () => screen.getByTestId('current-path').textContent;

  it('stays put after more than 5 navigations within 3 s, warns once, and lets go after the window', async () => {
    const { go } = await renderGuarded();
    for (let n = 1; n <= 5; n += 1) {
      await go(n);
      vi.advanceTimersByTime(100);
    }
    expect(path()).toBe('/p/5');

    await go(6);
    expect(path()).toBe('/p/5');
    expect(await screen.findByText('Too many page changes')).toBeInTheDocument();

    vi.advanceTimersByTime(1_000);
    await go(7);
    expect(path()).toBe('/p/5');
    expect(screen.getAllByText('Too many page changes')).toHaveLength(1);

    vi.advanceTimersByTime(2_000);
    await go(8);
    expect(path()).toBe('/p/8');
  });

  it('does not interfere with ordinary browsing', async () => {
    const { go } = await renderGuarded();
    for (let n = 1; n <= 12; n += 1) {
      await go(n);
      vi.advanceTimersByTime(700);
    }
    expect(path()).toBe('/p/12');
    expect(screen.queryByText('Too many page changes')).not.toBeInTheDocument();
  });
});
