import { AUTH_TIMINGS } from './constants.ts';
import { assessToken } from './session-rules.ts';

/**
 * docs/product/states.md: every 30 s the token is looked at; under 5 minutes left it is flagged as expiring,
 * under 2 minutes it is refreshed without waiting for it to expire.
 */

export interface TokenMonitorDeps {
  /** Expiry of the current access token in epoch seconds; null when there is no session. */
  getExpiresAt(): Promise<number | null | undefined>;
  refresh(): Promise<unknown>;
  onExpiringChange(expiring: boolean): void;
  onRefreshFailed(error: unknown): void;
  now?: () => number;
  intervalMs?: number;
}

export interface TokenMonitor {
  /** Runs one check now (the interval does the same every 30 s). */
  check(): Promise<void>;
  stop(): void;
}

export function startTokenMonitor(deps: TokenMonitorDeps): TokenMonitor {
  const now = deps.now ?? Date.now;
  let expiring: boolean | null = null;
  let refreshing = false;
  let stopped = false;

  const report = (next: boolean) => {
    if (next === expiring) return;
    expiring = next;
    deps.onExpiringChange(next);
  };

  async function check(): Promise<void> {
    if (stopped) return;
    const expiresAt = await deps.getExpiresAt().catch(() => null);
    if (stopped) return;
    const assessment = assessToken(expiresAt, now());
    report(assessment.expiring);
    if (!assessment.shouldRefresh || refreshing) return;
    refreshing = true;
    try {
      await deps.refresh();
      if (stopped) return;
      report(assessToken(await deps.getExpiresAt().catch(() => null), now()).expiring);
    } catch (error) {
      if (!stopped) deps.onRefreshFailed(error);
    } finally {
      refreshing = false;
    }
  }

  const timer = setInterval(() => void check(), deps.intervalMs ?? AUTH_TIMINGS.tokenMonitorIntervalMs);
  // Background tabs have their timers slowed down; look again as soon as the tab is back.
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);

  return {
    check,
    stop() {
      stopped = true;
      clearInterval(timer);
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
