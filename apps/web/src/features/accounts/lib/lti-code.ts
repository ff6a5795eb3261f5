/**
 * An LTI launch's one-time code, carried from /lti/launch (where the launch leaves the browser,
 * the code in the fragment) through the provider's redirect to the sign-in page, which exchanges
 * it. Kept in sessionStorage (this tab only) and cleared once sent.
 */
const KEY = 'vbuilder.ltiCode';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The code in a fragment such as `#code=…`, or null. */
export function ltiCodeFromHash(hash: string): string | null {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('code');
  return code && /^[A-Za-z0-9_-]{20,100}$/.test(code) ? code : null;
}

export function storeLtiCode(code: string): boolean {
  const store = storage();
  if (!store) return false;
  store.setItem(KEY, code);
  return true;
}

export function readLtiCode(): string | null {
  return storage()?.getItem(KEY) ?? null;
}

/** Forgets the code: once it was sent (the server takes it once, whatever the answer). */
export function clearLtiCode(): void {
  storage()?.removeItem(KEY);
}
