import { createContext } from 'react';
import type { UserProfile } from '@vbuilder/shared';
import type { AuthState } from './auth-session.ts';
import type { LoadOptions } from './profile-loader.ts';

/** What useAuth() gives every screen (the contract of the common brief, plus a few extras). */
export interface AuthContextValue extends AuthState {
  /** Stores the current path as the destination (unless public) and goes to the identity provider. */
  login(): Promise<void>;
  /** Clears the session here and at the identity provider, then returns to the site's origin. */
  logout(): Promise<void>;
  /** Loads the profile again (past the 30 s cache unless `force: false`); null when it failed. */
  reloadProfile(options?: LoadOptions): Promise<UserProfile | null>;
  /** The error screen's 'Try Again'. */
  retry(): Promise<void>;
  /** The error screen's 'Sign Out & Restart'. */
  signOutAndRestart(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
