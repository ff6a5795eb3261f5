import { useCallback, useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';

/** docs/product/limits.md: more than 5 navigations within 3 seconds is a loop. */
export const NAVIGATION_LIMIT = { max: 5, windowMs: 3000 } as const;

export type NavigationVerdict = 'allow' | 'block-first' | 'block';

/**
 * Counts navigations in a sliding window. The one that would exceed the limit starts a pause of
 * one window in which every navigation is refused ('block-first' for the first refusal, so the
 * warning shows once); after the pause counting starts afresh. Refused navigations are not
 * counted, so a redirect loop cannot keep itself blocked forever.
 */
export function createNavigationLimiter(now: () => number = Date.now, limit = NAVIGATION_LIMIT) {
  let recent: number[] = [];
  let blockedUntil = 0;
  return {
    attempt(): NavigationVerdict {
      const t = now();
      if (t < blockedUntil) return 'block';
      recent = recent.filter((at) => t - at < limit.windowMs);
      if (recent.length >= limit.max) {
        blockedUntil = t + limit.windowMs;
        recent = [];
        return 'block-first';
      }
      recent.push(t);
      return 'allow';
    },
  };
}

/**
 * Stops navigation loops (a redirect bouncing between two screens): past the limit, navigation
 * is refused and the user stays where they are until the window has passed.
 *
 * React Router consults only the most recently mounted blocker, so a screen with its own
 * useBlocker (unsaved changes) takes over from this guard while it is shown.
 */
export function NavigationGuard() {
  const { t } = useTranslation('common');
  const [limiter] = useState(() => createNavigationLimiter());

  const shouldBlock = useCallback(() => {
    const verdict = limiter.attempt();
    if (verdict === 'block-first') {
      notifications.show({
        id: 'navigation-guard',
        color: 'yellow',
        title: t('navigationGuard.title'),
        message: t('navigationGuard.message'),
      });
    }
    return verdict !== 'allow';
  }, [limiter, t]);

  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    // Stay put: drop the refused navigation so the next one is judged afresh.
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);

  return null;
}
