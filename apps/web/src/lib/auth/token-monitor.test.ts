import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTokenMonitor, type TokenMonitor } from './token-monitor.ts';

describe('token monitor', () => {
  let monitor: TokenMonitor | null = null;
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') }));
  afterEach(() => {
    monitor?.stop();
    vi.useRealTimers();
  });

  const expiresIn = (ms: number) => (Date.now() + ms) / 1000;

  function start(
    expiresAt: () => number | null,
    refresh: () => Promise<unknown> = vi.fn(async () => undefined),
  ) {
    const deps = {
      getExpiresAt: vi.fn(async () => expiresAt()),
      refresh,
      onExpiringChange: vi.fn(),
      onRefreshFailed: vi.fn(),
    };
    monitor = startTokenMonitor(deps);
    return deps;
  }

  it('looks at the token every 30 s', async () => {
    const deps = start(() => null);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(deps.getExpiresAt).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.getExpiresAt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deps.getExpiresAt).toHaveBeenCalledTimes(3);
  });

  it('flags the token as expiring under 5 minutes left, without refreshing yet', async () => {
    const expiry = expiresIn(5 * 60_000 + 40_000);
    const deps = start(() => expiry);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(deps.onExpiringChange).not.toHaveBeenCalledWith(true);
    await vi.advanceTimersByTimeAsync(30_000); // 4 min 40 s left
    expect(deps.onExpiringChange).toHaveBeenLastCalledWith(true);
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('refreshes proactively under 2 minutes left, and clears the flag', async () => {
    let expiry = expiresIn(2 * 60_000 + 10_000);
    const refresh = vi.fn(async () => {
      expiry = expiresIn(15 * 60_000);
    });
    const deps = start(() => expiry, refresh);
    await vi.advanceTimersByTimeAsync(30_000); // 1 min 40 s left
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(deps.onExpiringChange).toHaveBeenLastCalledWith(false);
    expect(deps.onExpiringChange).toHaveBeenCalledWith(true);
  });

  it('reports a failed refresh', async () => {
    const error = new Error('invalid_grant');
    const deps = start(() => expiresIn(60_000), vi.fn().mockRejectedValue(error));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(deps.onRefreshFailed).toHaveBeenCalledWith(error);
  });

  it('stops', async () => {
    const deps = start(() => null);
    monitor?.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(deps.getExpiresAt).not.toHaveBeenCalled();
  });
});
