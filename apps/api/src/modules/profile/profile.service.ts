import {
  isSuperAdministrator,
  PROFILE_IMAGE_TYPES,
  type LanguageCode,
  type ProfileEnvelope,
  type UpdateProfileInput,
  type UserProfile,
} from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { FileStore } from '../../lib/files.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { detectImageType, newImageKey } from '../../lib/stored-images.ts';
import type { Actor } from '../../types.d.ts';
import type { AccountsContext } from '../accounts/accounts.service.ts';
import { checkEmailChange, requestEmailChange } from '../accounts/email-change.service.ts';
import { findOrganizationById } from '../organizations/organizations.repository.ts';
import { findUserById, updateUser } from '../users/users.repository.ts';
import { languageOf } from '../users/users.service.ts';

/** Stored profile images live under this key prefix and are served at /api/files/<key>. */
export const PROFILE_IMAGE_PREFIX = 'profile-images';

const isStoredKey = (value: string) => value.startsWith(`${PROFILE_IMAGE_PREFIX}/`);

/** The address a stored image is served at; a full URL (an imported avatar) passes through. */
export const profileImageUrl = (value: string | null): string | null =>
  value === null ? null : isStoredKey(value) ? `/api/files/${value}` : value;

/** A user row as docs/product/data.md's profile (snake_case fields and 'loggin_status' as specified). */
export function toUserProfile(row: UserRow, organizationName: string | null = null): UserProfile {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    organizationId: row.organizationId,
    organizationName,
    must_change_password: row.mustChangePassword,
    name: row.name,
    phone: row.phone,
    status: row.status,
    loggin_status: row.loginStatus,
    last_login: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    profile_image: profileImageUrl(row.profileImage),
    language: languageOf(row),
  };
}

/** The profile with its organization's name: screens show people the name, never the id. */
async function envelope(db: DbOrTx, row: UserRow): Promise<ProfileEnvelope> {
  const organization = row.organizationId ? await findOrganizationById(db, row.organizationId) : null;
  return { status: 200, loggedIn: true, user: toUserProfile(row, organization?.name ?? null) };
}

async function loadActor(db: DbOrTx, actor: Actor): Promise<UserRow> {
  const row = await findUserById(db, actor.userId);
  // The auth plugin found this user a moment ago; a deletion in between ends the session.
  if (!row) throw unauthorized('The account no longer exists');
  return row;
}

/**
 * The caller's profile. When the client names the organization it believes the user is in and it
 * is another one, the answer is 403 so the client drops its cached user (docs/product/states.md "organization mismatch").
 */
export async function getProfile(
  db: DbOrTx,
  actor: Actor,
  organizationId?: string,
): Promise<ProfileEnvelope> {
  const row = await loadActor(db, actor);
  if (
    organizationId !== undefined &&
    organizationId !== row.organizationId &&
    !isSuperAdministrator(row.role)
  ) {
    throw forbidden('The profile does not belong to this organization');
  }
  return envelope(db, row);
}

/**
 * Updates the caller's name, phone and (when given) language at once. A different email is not
 * taken at once: the current password must come with it, and the change waits for the
 * link mailed to the new address (email-change.service.ts); the answer names it as pendingEmail.
 */
export async function updateProfile(
  ctx: AccountsContext,
  actor: Actor,
  input: UpdateProfileInput,
): Promise<ProfileEnvelope> {
  const current = await loadActor(ctx.db, actor);
  const email = input.email.trim().toLowerCase();
  const emailChanges = email !== current.email;
  if (emailChanges) await checkEmailChange(ctx, current, email, input.currentPassword);
  const name = `${input.firstName.trim()} ${(input.lastName ?? '').trim()}`.trim();
  const phone = input.phoneNumber === undefined ? current.phone : input.phoneNumber.trim() || null;
  const row = await updateUser(ctx.db, current.id, {
    name,
    phone,
    ...(input.language ? { language: input.language } : {}),
  });
  if (!row) throw unauthorized('The account no longer exists');
  if (!emailChanges) return envelope(ctx.db, row);
  await requestEmailChange(ctx, row, email);
  return { ...(await envelope(ctx.db, row)), pendingEmail: email };
}

/** Saves the language the caller chose in the top bar's picker. */
export async function updateLanguage(
  db: DbOrTx,
  actor: Actor,
  language: LanguageCode,
): Promise<ProfileEnvelope> {
  const row = await updateUser(db, actor.userId, { language });
  if (!row) throw unauthorized('The account no longer exists');
  return envelope(db, row);
}

/**
 * Stores a new profile image under a random, unguessable key, points the user at it and only
 * then removes the previous file, so a failure at any step never leaves the user without an image.
 */
export async function replaceProfileImage(
  db: DbOrTx,
  files: FileStore,
  actor: Actor,
  bytes: Uint8Array,
): Promise<ProfileEnvelope> {
  const current = await loadActor(db, actor);
  const mime = await detectImageType(bytes, PROFILE_IMAGE_TYPES, 'Profile images');
  const key = newImageKey(PROFILE_IMAGE_PREFIX, mime);
  await files.saveFile(key, bytes);
  let row: UserRow | null;
  try {
    row = await updateUser(db, current.id, { profileImage: key });
  } catch (error) {
    await files.deleteFile(key).catch(() => undefined);
    throw error;
  }
  if (!row) {
    await files.deleteFile(key).catch(() => undefined);
    throw unauthorized('The account no longer exists');
  }
  if (current.profileImage && isStoredKey(current.profileImage)) {
    // A leftover file is harmless (its name is unguessable); a failed request after a saved image is not.
    await files.deleteFile(current.profileImage).catch(() => undefined);
  }
  return envelope(db, row);
}
