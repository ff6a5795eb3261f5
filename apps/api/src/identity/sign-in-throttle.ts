import { LIMITS } from '@vbuilder/shared';
import type { LimiterFactory } from '../plugins/rate-limit.ts';

/**
 * Sign-in throttling without lockout. Wrong passwords never lock an account: each
 * failure beyond a free allowance makes the next attempt of the same kind wait longer (1 s, 2 s,
 * 4 s … up to a cap), and a right password resets the counters it passed. Three kinds of counter:
 *
 * - the account from one place (one address, or one of the owner's own browsers): a guesser there
 *   is slowed down to minutes between guesses;
 * - one address across accounts: a guesser spraying many accounts from one place is slowed down;
 * - the account from everywhere: slows a guesser spread over many addresses, but its wait is
 *   capped at a minute, so it can slow the owner down, never keep them out.
 *
 * The owner's own browser (a device cookie given at a successful sign-in, see device-cookie.ts) is
 * counted apart: guesses from elsewhere never delay it at all. Counters live in the database
 * (rate_limits) or Redis, so every API instance sees the same ones.
 */

export interface SignInAttempt {
  email: string;
  address: string;
  /** The owner's browser, when it presented a valid device cookie for this account. */
  deviceId: string | null;
}

interface Rule {
  /** Failures in the window before any wait. */
  free: number;
  /** The longest wait, in seconds. */
  capSeconds: number;
}

const WINDOW_SECONDS = LIMITS.loginWindowMinutes * 60;
const RULES = {
  place: { free: LIMITS.loginAttemptsPerAccount, capSeconds: WINDOW_SECONDS },
  address: { free: LIMITS.loginAttemptsPerAddress, capSeconds: WINDOW_SECONDS },
  account: { free: 2 * LIMITS.loginAttemptsPerAccount, capSeconds: 60 },
} satisfies Record<string, Rule>;

/** After how many failures from everywhere the owner is told by mail (once per window). */
export const FAILURES_BEFORE_MAIL = 2 * LIMITS.loginAttemptsPerAccount;

/** The wait after `failures` failures: none within the allowance, then doubling from 1 s. */
export const waitAfter = (failures: number, rule: Rule): number =>
  failures <= rule.free ? 0 : Math.min(2 ** (failures - rule.free - 1), rule.capSeconds);

export interface SignInThrottle {
  /** Seconds this attempt must wait before it is even checked; 0: go ahead. */
  waitSeconds(attempt: SignInAttempt): Promise<number>;
  /** Counts a wrong password; answers the account's failures from everywhere in this window. */
  recordFailure(attempt: SignInAttempt): Promise<{ accountFailures: number }>;
  /** A right password: the account's counters from this place and from everywhere start again. */
  recordSuccess(attempt: SignInAttempt): Promise<void>;
}

const normalized = (email: string) => email.trim().toLowerCase();

/** The counters an attempt passes, each with its rule; the owner's browser skips the shared ones. */
function countersOf(attempt: SignInAttempt): Array<{ key: string; rule: Rule }> {
  const email = normalized(attempt.email);
  if (attempt.deviceId) return [{ key: `place:${email}|device:${attempt.deviceId}`, rule: RULES.place }];
  return [
    { key: `place:${email}|address:${attempt.address}`, rule: RULES.place },
    { key: `address:${attempt.address}`, rule: RULES.address },
    { key: `account:${email}`, rule: RULES.account },
  ];
}

/** The throttle on counters of `limiter` (the database or Redis, as RATE_LIMIT_STORE says). */
export function createSignInThrottle(limiter: LimiterFactory): SignInThrottle {
  // Failures in the window, per counter; and the wait each counter imposes now (a block).
  const failures = limiter({
    keyPrefix: 'signin-failures',
    points: Number.MAX_SAFE_INTEGER,
    duration: WINDOW_SECONDS,
  });
  const waits = limiter({ keyPrefix: 'signin-wait', points: 1, duration: WINDOW_SECONDS });

  return {
    async waitSeconds(attempt) {
      const blocks = await Promise.all(countersOf(attempt).map(({ key }) => waits.get(key)));
      const ms = Math.max(0, ...blocks.map((b) => (b && b.consumedPoints > 1 ? b.msBeforeNext : 0)));
      return Math.ceil(ms / 1000);
    },
    async recordFailure(attempt) {
      let accountFailures = 0;
      await Promise.all(
        countersOf(attempt).map(async ({ key, rule }) => {
          const counted = await failures.penalty(key, 1);
          if (key.startsWith('account:')) accountFailures = counted.consumedPoints;
          const wait = waitAfter(counted.consumedPoints, rule);
          if (wait > 0) await waits.block(key, wait);
        }),
      );
      if (attempt.deviceId) {
        // The owner's browser is not counted from everywhere; ask the shared counter without adding.
        const shared = await failures.get(`account:${normalized(attempt.email)}`);
        accountFailures = shared?.consumedPoints ?? 0;
      }
      return { accountFailures };
    },
    async recordSuccess(attempt) {
      const email = normalized(attempt.email);
      const keys = [
        attempt.deviceId
          ? `place:${email}|device:${attempt.deviceId}`
          : `place:${email}|address:${attempt.address}`,
        `account:${email}`,
      ];
      await Promise.all(keys.flatMap((key) => [failures.delete(key), waits.delete(key)]));
    },
  };
}
