import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  FALLBACK_LANGUAGE,
  isAdministrator,
  isLanguageCode,
  isSuperAdministrator,
  type CreateUserInput,
  type LanguageCode,
  type Role,
  type UpdateUserInput,
  type UserList,
  type UserListQuerySchema,
  type UserSummary,
} from '@vbuilder/shared';
import { publicUrl } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { revokeUserSessions } from '../../identity/adapter.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { blankToNull } from '../../lib/text.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationLink, invitationMail } from './users.mails.ts';
import { issueAccountToken } from './users.tokens.ts';
import {
  assertCanAssignRole,
  assertCanManage,
  assertCanReach,
  assertCanViewMembers,
  cannotChangeSelf,
  lastAdministrator,
  ownOrganization,
} from './users.policy.ts';
import {
  countOtherActiveAdministrators,
  deleteUser as deleteUserRow,
  findOrganizationName,
  findUserById,
  findUserWithOrganization,
  insertUsersIfEmailsFree,
  listUsers as listUserRows,
  lockOrganization,
  updateUser,
  type NewUser,
  type UserWithOrganization,
} from './users.repository.ts';

/** What the users module needs from the app: the database, time, mail and the site's address for links. */
export interface UsersContext {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  baseUrl: string;
}

export const usersContext = (app: FastifyInstance): UsersContext => ({
  db: app.db,
  clock: app.clock,
  mailer: app.mailer,
  baseUrl: publicUrl(app.config),
});

/** The user's stored language, English for anything the 12 do not include. */
export const languageOf = (row: Pick<UserRow, 'language'>): LanguageCode =>
  isLanguageCode(row.language) ? row.language : FALLBACK_LANGUAGE;

/** A user row as the users tables show it. */
export const toUserSummary = (row: UserWithOrganization): UserSummary => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  status: row.status,
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  createdAt: row.createdAt.toISOString(),
  lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  language: languageOf(row),
});

const emailTaken = () => conflict('email_taken', 'An account with this email already exists');

const invalidField = (field: string, key: string, message: string) =>
  badRequest('validation_error', message, [{ path: [field], message: key }]);

/** The list query as the route's schema parsed it (defaults applied). */
export type UserListParams = z.output<typeof UserListQuerySchema>;

/**
 * One page of users the actor may see: the Super Administrator everyone (or one organization's
 * with organizationId); Administrators and Teachers their own organization's; Students nobody.
 * Also serves GET /organizations/:id/users with organizationId set to the path's id.
 */
export async function listUsers(db: DbOrTx, actor: Actor, query: UserListParams): Promise<UserList> {
  assertCanViewMembers(actor);
  let organizationId: string | undefined;
  if (isSuperAdministrator(actor.role)) {
    organizationId = query.organizationId;
    if (organizationId && !(await findOrganizationName(db, organizationId))) throw notFound('organization');
  } else {
    organizationId = ownOrganization(actor, query.organizationId);
  }
  const { rows, total } = await listUserRows(
    db,
    { organizationId, search: query.search, role: query.role, status: query.status },
    { sort: query.sort, order: query.order, page: query.page, pageSize: query.pageSize },
  );
  return { items: rows.map(toUserSummary), total, page: query.page, pageSize: query.pageSize };
}

/** A user the actor may see; anyone outside their reach is "not found", never "forbidden". */
async function findReachableUser(db: DbOrTx, actor: Actor, id: string): Promise<UserWithOrganization> {
  const row = isSuperAdministrator(actor.role)
    ? await findUserWithOrganization(db, id)
    : actor.organizationId
      ? await findUserWithOrganization(db, id, actor.organizationId)
      : null;
  if (!row) throw notFound('user');
  assertCanReach(actor, row);
  return row;
}

export async function getUser(db: DbOrTx, actor: Actor, id: string): Promise<UserSummary> {
  assertCanViewMembers(actor);
  return toUserSummary(await findReachableUser(db, actor, id));
}

/**
 * The organization a new user joins: the actor's own, or for the Super Administrator the one
 * named (required for every role but Super Administrator, who belongs to none).
 */
async function organizationForNewUser(
  db: DbOrTx,
  actor: Actor,
  role: Role,
  requested: string | undefined,
): Promise<{ id: string; name: string } | null> {
  if (!isSuperAdministrator(actor.role)) {
    const id = ownOrganization(actor, requested);
    const org = await findOrganizationName(db, id);
    if (!org) throw notFound('organization');
    return org;
  }
  if (isSuperAdministrator(role)) {
    if (requested) {
      throw invalidField(
        'organizationId',
        'validation.superAdministratorWithoutOrganization',
        'A Super Administrator does not belong to an organization',
      );
    }
    return null;
  }
  if (!requested) {
    throw invalidField('organizationId', 'validation.organizationRequired', 'Choose the organization');
  }
  const org = await findOrganizationName(db, requested);
  if (!org) throw notFound('organization');
  return org;
}

export interface NewInvitee {
  name: string;
  email: string;
  phone?: string | null | undefined;
  role: Role;
  organizationId: string | null;
  /** The language the invitation (and all later mail) is written in; English when not given. */
  language?: LanguageCode | undefined;
}

export interface Invitation {
  user: UserRow;
  token: string;
}

/** The row of an invited account: pending, no password, must set one through the invitation link. */
export const invitedUserValues = (input: NewInvitee, now: Date): NewUser => ({
  name: input.name.trim(),
  email: input.email,
  phone: blankToNull(input.phone),
  role: input.role,
  organizationId: input.organizationId,
  language: input.language ?? FALLBACK_LANGUAGE,
  status: 'pending',
  passwordHash: null,
  mustChangePassword: true,
  createdAt: now,
  updatedAt: now,
});

/**
 * Creates invited accounts inside the caller's transaction: the rows, a one-time invitation
 * token each and an audit event each. Emails already taken are skipped (returned in `taken`).
 * Send the mails with sendInvitations only after the transaction commits.
 */
export async function createInvitations(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId' | 'role'> | null,
  invitees: NewInvitee[],
  options: { now: Date; action?: 'user.invited' | 'user.imported'; details?: (i: number) => object },
): Promise<{ invitations: Invitation[]; taken: Set<string> }> {
  const { now } = options;
  const rows = await insertUsersIfEmailsFree(
    tx,
    invitees.map((i) => invitedUserValues(i, now)),
  );
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  const invitations: Invitation[] = [];
  const taken = new Set<string>();
  for (const [index, invitee] of invitees.entries()) {
    const email = invitee.email.trim().toLowerCase();
    const user = byEmail.get(email);
    if (!user) {
      taken.add(email);
      continue;
    }
    const token = await issueAccountToken(tx, { userId: user.id, purpose: 'invite', now });
    await recordAudit(
      tx,
      actor,
      {
        action: options.action ?? 'user.invited',
        targetType: 'user',
        targetId: user.id,
        organizationId: user.organizationId,
        details: { email: user.email, role: user.role, ...options.details?.(index) },
      },
      now,
    );
    invitations.push({ user, token });
  }
  return { invitations, taken };
}

/** Mails each invitation its link (after the transaction that created them has committed). */
export async function sendInvitations(
  ctx: Pick<UsersContext, 'mailer' | 'baseUrl'>,
  invitations: Invitation[],
  from: { organizationName: string | null; inviterName: string | null },
): Promise<void> {
  for (const { user, token } of invitations) {
    await ctx.mailer.send(
      invitationMail(user, invitationLink(ctx.baseUrl, token, user.language), {
        role: user.role,
        organizationName: from.organizationName,
        inviterName: from.inviterName,
      }),
    );
  }
}

/** The actor's display name for an invitation mail. */
export async function inviterName(db: DbOrTx, actor: Actor): Promise<string | null> {
  return (await findUserById(db, actor.userId))?.name ?? null;
}

/** POST /users: creates a pending account with must_change_password and mails it an invitation. */
export async function createUser(
  ctx: UsersContext,
  actor: Actor,
  input: CreateUserInput,
): Promise<UserSummary> {
  const role = input.role as Role;
  assertCanAssignRole(actor, role);
  const org = await organizationForNewUser(ctx.db, actor, role, input.organizationId);
  const now = ctx.clock.now();
  const invitation = await ctx.db.transaction(async (tx) => {
    const { invitations } = await createInvitations(
      tx,
      actor,
      // Without a choice in the dialog, the person is invited in the inviter's language.
      [{ ...input, role, organizationId: org?.id ?? null, language: input.language ?? actor.language }],
      { now },
    );
    if (!invitations[0]) throw emailTaken();
    return invitations[0];
  });
  await sendInvitations(ctx, [invitation], {
    organizationName: org?.name ?? null,
    inviterName: await inviterName(ctx.db, actor),
  });
  return toUserSummary({ ...invitation.user, organizationName: org?.name ?? null });
}

/**
 * Refuses a change that would leave the target's organization without an active administrator.
 * The organization row is locked first so two administrators demoting each other at the same
 * moment cannot both succeed.
 */
async function assertAnotherAdministratorRemains(tx: DbOrTx, target: UserRow): Promise<void> {
  if (!target.organizationId || target.status !== 'active' || !isAdministrator(target.role)) return;
  await lockOrganization(tx, target.organizationId);
  if ((await countOtherActiveAdministrators(tx, target.organizationId, target.id)) === 0) {
    throw lastAdministrator();
  }
}

/** Invited and never chose a password (accounts of an external identity provider have none but are not waiting). */
const awaitingInvitation = (user: UserRow) => !user.passwordHash && user.mustChangePassword;

const roleChangeNotAllowed = () =>
  badRequest(
    'role_change_not_allowed',
    'The Super Administrator role cannot be given to or taken from an existing account',
  );

/**
 * PATCH /users/:id: role, status (deactivate/reactivate), name and phone, each audited. A
 * deactivation also ends the user's provider sessions and refresh tokens.
 */
export async function updateUserByActor(
  ctx: UsersContext,
  actor: Actor,
  id: string,
  input: UpdateUserInput,
): Promise<UserSummary> {
  assertCanManage(actor);
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const target = await findReachableUser(tx, actor, id);
    const self = target.id === actor.userId;

    const newRole = input.role !== undefined && input.role !== target.role ? (input.role as Role) : null;
    const deactivate = input.status === 'inactive' && target.status !== 'inactive';
    const reactivate = input.status === 'active' && target.status === 'inactive';
    const name = input.name !== undefined && input.name.trim() !== target.name ? input.name.trim() : null;
    const phone = input.phone !== undefined ? blankToNull(input.phone) : target.phone;
    const phoneChanged = phone !== target.phone;
    const language =
      input.language !== undefined && input.language !== target.language ? input.language : null;

    if (self && (newRole || deactivate || reactivate)) throw cannotChangeSelf();
    if (newRole) {
      assertCanAssignRole(actor, newRole);
      // A Super Administrator belongs to no organization, every other role to one: crossing that
      // line would need an organization this request does not carry.
      if (isSuperAdministrator(newRole) || isSuperAdministrator(target.role)) throw roleChangeNotAllowed();
    }
    if ((newRole && !isAdministrator(newRole)) || deactivate) {
      await assertAnotherAdministratorRemains(tx, target);
    }

    const changes: Partial<NewUser> = {};
    if (newRole) changes.role = newRole;
    if (deactivate) changes.status = 'inactive';
    // An account deactivated before its owner accepted the invitation has no password yet:
    // reactivating it puts it back to waiting for the invitation, not to a password-less active state.
    if (reactivate) changes.status = awaitingInvitation(target) ? 'pending' : 'active';
    if (name !== null) changes.name = name;
    if (phoneChanged) changes.phone = phone;
    if (language !== null) changes.language = language;
    if (Object.keys(changes).length === 0) return target;

    const row = (await updateUser(tx, target.id, changes))!;
    if (deactivate) await revokeUserSessions(tx, target.id);

    const audit = (action: Parameters<typeof recordAudit>[2]['action'], details?: Record<string, unknown>) =>
      recordAudit(
        tx,
        actor,
        { action, targetType: 'user', targetId: target.id, organizationId: target.organizationId, details },
        now,
      );
    if (newRole) await audit('user.role_changed', { from: target.role, to: newRole });
    if (deactivate) await audit('user.deactivated', { from: target.status });
    if (reactivate) await audit('user.reactivated', { to: changes.status });
    if (name !== null || phoneChanged || language !== null) {
      await audit('user.updated', {
        fields: [
          ...(name !== null ? ['name'] : []),
          ...(phoneChanged ? ['phone'] : []),
          ...(language !== null ? ['language'] : []),
        ],
      });
    }
    return { ...row, organizationName: target.organizationName };
  });
  return toUserSummary(updated);
}

/** PostgreSQL's foreign_key_violation, wherever the driver puts it (drizzle wraps driver errors). */
const isForeignKeyViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
};

/**
 * DELETE /users/:id. The account's one-time links go with it (account_tokens cascade), its
 * provider sessions, grants and refresh tokens are revoked, and the audit log keeps who it was
 * (audit rows hold ids as text, so history survives). Should a later table reference users with
 * a restricting foreign key, the delete is refused (409 user_in_use) rather than losing that data:
 * deactivate such accounts instead.
 */
export async function deleteUserByActor(ctx: UsersContext, actor: Actor, id: string): Promise<void> {
  assertCanManage(actor);
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const target = await findReachableUser(tx, actor, id);
      if (target.id === actor.userId) throw cannotChangeSelf();
      await assertAnotherAdministratorRemains(tx, target);
      await revokeUserSessions(tx, target.id);
      if (!(await deleteUserRow(tx, target.id))) throw notFound('user');
      await recordAudit(
        tx,
        actor,
        {
          action: 'user.deleted',
          targetType: 'user',
          targetId: target.id,
          organizationId: target.organizationId,
          details: { email: target.email, name: target.name, role: target.role, status: target.status },
        },
        now,
      );
    });
  } catch (err) {
    if (err instanceof AppError || !isForeignKeyViolation(err)) throw err;
    throw new AppError(
      409,
      'user_in_use',
      'This user still owns data and cannot be deleted; deactivate the account instead',
    );
  }
}
