import type { UserProfile } from '@vbuilder/shared';
import { AUTH_KEYS } from './constants.ts';
import { intendedPathToStore, resolvePostLoginPath } from './session-rules.ts';

/** sessionStorage key intendedPath (docs/product/data.md): the post-login destination, never a public route. */

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy settings); the user then lands on the dashboard.
    return null;
  }
}

/** Stores `path` unless it is public; returns whether it was stored. */
export function storeIntendedPath(path: string): boolean {
  const value = intendedPathToStore(path);
  if (!value) return false;
  storage()?.setItem(AUTH_KEYS.intendedPath, value);
  return true;
}

export function readIntendedPath(): string | null {
  return storage()?.getItem(AUTH_KEYS.intendedPath) ?? null;
}

export function clearIntendedPath(): void {
  storage()?.removeItem(AUTH_KEYS.intendedPath);
}

/**
 * The destination after login (stored path unless public, else /account/home; /create-organization
 * for an account without organization); clears the stored path.
 */
export function takePostLoginPath(user?: Pick<UserProfile, 'organizationId' | 'role'> | null): string {
  const target = resolvePostLoginPath(readIntendedPath(), user);
  clearIntendedPath();
  return target;
}

/** The browser's current path with query and hash, as login stores it. */
export function currentBrowserPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}
