/** SPEC §9: more than 5 navigations within 3 seconds is a loop. */
export const NAVIGATION_LIMIT = { max: 5, windowMs: 3000 } as const;

export type NavigationVerdict = 'allow' | 'block-first' | 'block';

/**
 * Counts navigations in a sliding window. The one that would exceed the limit starts a pause
 * of one window in which every navigation is refused ('block-first' for the first refusal, so the
 * warning is shown once); after the pause counting starts afresh. Refused navigations are not
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
