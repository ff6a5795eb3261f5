import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { LIMITS, type PasswordOwner } from '@vbuilder/shared';
import type * as Strength from '@vbuilder/shared/password-strength';
import type { PasswordEvaluation } from '@vbuilder/shared/password-strength';

type Estimator = typeof Strength;

/**
 * The shared strength estimator (zxcvbn-ts and its word lists, a few hundred kB compressed), loaded
 * when a screen that sets a password opens: never part of the main entry or a student's attempt
 * path. One load for the whole session.
 */
let loading: Promise<Estimator> | undefined;
let loaded: Estimator | null = null;
export const loadEstimator = (): Promise<Estimator> => {
  loading ??= import('@vbuilder/shared/password-strength')
    .then((module) => (loaded = module))
    .catch((error: unknown) => {
      // A failed download (offline, a new deployment) may be tried again on the next screen.
      loading = undefined;
      throw error;
    });
  return loading;
};

/**
 * A form check (useSchemaForm's `check`): the policy's verdict on a password long enough to judge,
 * once the estimator is there, so a weak one is refused without a request (the server would refuse
 * it the same way, and sign-up requests are few per address).
 */
export function weakPasswordCheck(field: string, password: unknown, owner: PasswordOwner = {}) {
  if (!loaded || typeof password !== 'string' || password.length < LIMITS.passwordMin) return {};
  return loaded.evaluatePassword(password, owner).accepted ? {} : { [field]: 'validation.passwordWeak' };
}

/**
 * How strong `password` is for its owner, by the policy the API applies: null while the estimator
 * loads (or could not load: the server still judges), or when nothing is typed. The estimate
 * follows the typing a render behind (useDeferredValue), so keystrokes are never held up by it.
 */
export function usePasswordEvaluation(
  password: string,
  owner: PasswordOwner = {},
): PasswordEvaluation | null {
  const [estimator, setEstimator] = useState<Estimator | null>(null);
  useEffect(() => {
    let live = true;
    loadEstimator().then(
      (module) => live && setEstimator(module),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const typed = useDeferredValue(password);
  const { name, email, organizationName } = owner;
  return useMemo(
    () => (estimator && typed ? estimator.evaluatePassword(typed, { name, email, organizationName }) : null),
    [estimator, typed, name, email, organizationName],
  );
}
