import { PASSWORD_MIN_SCORE, type PasswordOwner, type WeakPasswordIssue } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { findOrganizationById } from '../organizations/organizations.repository.ts';

/**
 * The one place the API judges a new password's strength (sign-up, reset, invitation, change,
 * the CLI's create-user); the length is PasswordSchema's. The estimator and its dictionaries load
 * on the first password set, not at boot: most processes (and test files) never set one.
 */
const strength = () => import('@vbuilder/shared/password-strength');

/** The `errors` catalog's text for weak_password (translated there); the details say what to change. */
export const WEAK_PASSWORD_MESSAGE = 'Please choose a stronger password.';

/**
 * What the password's owner would be guessed from: their name, email and organization's name.
 */
export async function passwordOwnerOf(
  db: DbOrTx,
  user: { name: string; email: string; organizationId: string | null },
): Promise<PasswordOwner> {
  const organization = user.organizationId ? await findOrganizationById(db, user.organizationId) : null;
  return { name: user.name, email: user.email, organizationName: organization?.name ?? null };
}

/** What is wrong with a password for its owner, or null when the policy takes it. */
export async function weakPasswordIssue(
  password: string,
  owner: PasswordOwner,
  field: string,
): Promise<WeakPasswordIssue | null> {
  const { evaluatePassword } = await strength();
  const { accepted, score, warning, suggestions } = evaluatePassword(password, owner);
  if (accepted) return null;
  return {
    path: [field],
    message: 'validation.passwordWeak',
    minScore: PASSWORD_MIN_SCORE,
    score,
    warning,
    suggestions,
  };
}

/**
 * Refuses a weak password with 400 `weak_password`, its details the estimator's feedback as keys
 * the web translates (`validation.passwordWarnings.*`, `validation.passwordSuggestions.*`).
 */
export async function assertStrongPassword(password: string, owner: PasswordOwner, field: string) {
  const issue = await weakPasswordIssue(password, owner, field);
  if (issue) throw badRequest('weak_password', WEAK_PASSWORD_MESSAGE, [issue]);
}
