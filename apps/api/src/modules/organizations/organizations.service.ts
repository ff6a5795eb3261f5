import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  isAdministrator,
  isSuperAdministrator,
  type CreateOrganizationWithAdminSchema,
  type OrganizationDetail,
  type OrganizationList,
  type Role,
  type OrganizationListQuerySchema,
  type UpdateOrganizationSchema,
  type UserList,
  type UserListQuerySchema,
} from '@vbuilder/shared';
import { publicUrl } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { OrganizationRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { assertCanViewMembers } from '../users/users.policy.ts';
import { countUsersByRole, listUsers } from '../users/users.repository.ts';
import { createInvitations, inviterName, sendInvitations, toUserSummary } from '../users/users.service.ts';
import {
  findOrganizationById,
  insertOrganization,
  listOrganizationAdministrators,
  listOrganizations as listOrganizationRows,
  updateOrganization as updateOrganizationRow,
  type OrganizationChanges,
} from './organizations.repository.ts';
import {
  newOrganization,
  organizationChanges,
  toOrganization,
  toOrganizationDetail,
} from './organizations.mapper.ts';

// Accounts creates an organization for a user who signs up without one: the same row, the same answer.
export { newOrganization, toOrganization };

type OrganizationListQuery = z.output<typeof OrganizationListQuerySchema>;
type CreateOrganizationInput = z.output<typeof CreateOrganizationWithAdminSchema>;
type UpdateOrganizationInput = z.output<typeof UpdateOrganizationSchema>;
type UserListQuery = z.output<typeof UserListQuerySchema>;

/** What the organization rules need from the app: the database, time, mail and the site's address for links. */
export interface OrganizationsContext {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  baseUrl: string;
}

export const organizationsContext = (app: FastifyInstance): OrganizationsContext => ({
  db: app.db,
  clock: app.clock,
  mailer: app.mailer,
  baseUrl: publicUrl(app.config),
});

/** The role a Super Administrator's invitee gets: they run the new organization. */
const FIRST_ADMINISTRATOR_ROLE: Role = 'Administrator';

async function loadOrganizationDetail(
  db: DbOrTx,
  row: OrganizationRow,
  reader?: Actor,
): Promise<OrganizationDetail> {
  const [administrators, roleCounts] = await Promise.all([
    listOrganizationAdministrators(db, row.id),
    countUsersByRole(db, row.id),
  ]);
  // Students read their organization's page, but their administrators' personal email and phone
  // are for staff: a student writes to the school's address, or through their teacher.
  return toOrganizationDetail(row, administrators, roleCounts, reader?.role !== 'Student');
}

const organizationNotFound = () => notFound('organization');

/**
 * The organization if the actor may see it: any for the Super Administrator, otherwise only
 * their own. Another organization is answered like a missing one, so tenants' ids are not confirmed.
 */
async function findVisibleOrganization(db: DbOrTx, actor: Actor, id: string): Promise<OrganizationRow> {
  if (!isSuperAdministrator(actor.role) && actor.organizationId !== id) throw organizationNotFound();
  const row = await findOrganizationById(db, id);
  if (!row) throw organizationNotFound();
  return row;
}

// The route policies already refuse these callers; the services check again so that a route
// declared with a wider policy by mistake cannot widen the rule.
const assertSuperAdministrator = (actor: Actor) => {
  if (!isSuperAdministrator(actor.role)) throw forbidden();
};

/** GET /organizations: one page of every organization (Super Administrator). */
export async function listOrganizations(
  ctx: OrganizationsContext,
  actor: Actor,
  query: OrganizationListQuery,
): Promise<OrganizationList> {
  assertSuperAdministrator(actor);
  const { rows, total } = await listOrganizationRows(ctx.db, query);
  return {
    items: rows.map(({ organization, userCount }) => ({
      ...toOrganization(organization),
      createdAt: organization.createdAt.toISOString(),
      userCount: Number(userCount),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * POST /organizations (Super Administrator). With `administrator`, that person's account is
 * created in the same transaction — pending, with no password until they follow the invitation
 * mailed to them — so an organization never exists half-made. A taken email rolls it all back.
 */
export async function createOrganization(
  ctx: OrganizationsContext,
  actor: Actor,
  input: CreateOrganizationInput,
): Promise<OrganizationDetail> {
  assertSuperAdministrator(actor);
  const now = ctx.clock.now();
  const { organization, invitations } = await ctx.db.transaction(async (tx) => {
    const organization = await insertOrganization(tx, newOrganization(input, now));
    await recordAudit(
      tx,
      actor,
      {
        action: 'organization.created',
        targetType: 'organization',
        targetId: organization.id,
        organizationId: organization.id,
        details: { name: organization.name, type: organization.type },
      },
      now,
    );
    if (!input.administrator) return { organization, invitations: [] };

    // Invited like any added user (pending, must_change_password, one-time link, 'user.invited').
    const { invitations, taken } = await createInvitations(
      tx,
      actor,
      [
        {
          ...input.administrator,
          role: FIRST_ADMINISTRATOR_ROLE,
          organizationId: organization.id,
          language: actor.language,
        },
      ],
      { now },
    );
    if (taken.size > 0) throw conflict('email_taken', 'An account with this email already exists');
    return { organization, invitations };
  });

  // Mailed once committed: an invitation must never point at a rolled-back account.
  await sendInvitations(ctx, invitations, {
    organizationName: organization.name,
    inviterName: await inviterName(ctx.db, actor),
  });
  return loadOrganizationDetail(ctx.db, organization);
}

/** GET /organizations/:id: its members and the Super Administrator; 404 for anyone else. */
export async function getOrganization(
  ctx: OrganizationsContext,
  actor: Actor,
  id: string,
): Promise<OrganizationDetail> {
  return loadOrganizationDetail(ctx.db, await findVisibleOrganization(ctx.db, actor, id), actor);
}

type EditableField = keyof OrganizationChanges;
const EDITABLE_FIELDS: readonly EditableField[] = ['name', 'type', 'email', 'phone', 'address', 'postalCode'];

/**
 * PATCH /organizations/:id: its Administrators and the Super Administrator. Only fields that
 * really change are written and audited (with their old and new values); optional contact
 * fields sent empty are cleared.
 */
export async function updateOrganization(
  ctx: OrganizationsContext,
  actor: Actor,
  id: string,
  input: UpdateOrganizationInput,
): Promise<OrganizationDetail> {
  if (!isSuperAdministrator(actor.role) && !isAdministrator(actor.role)) throw forbidden();
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await findVisibleOrganization(tx, actor, id);
    const wanted = organizationChanges(input);
    const changes: OrganizationChanges = {};
    const audit: Record<string, { from: string | null; to: string | null }> = {};
    for (const field of EDITABLE_FIELDS) {
      const next = wanted[field];
      if (next === undefined || next === row[field]) continue;
      Object.assign(changes, { [field]: next });
      audit[field] = { from: row[field], to: next };
    }
    if (Object.keys(changes).length === 0) return row;

    const saved = await updateOrganizationRow(tx, id, { ...changes, updatedAt: now });
    if (!saved) throw organizationNotFound();
    await recordAudit(
      tx,
      actor,
      {
        action: 'organization.updated',
        targetType: 'organization',
        targetId: id,
        organizationId: id,
        details: { changes: audit },
      },
      now,
    );
    return saved;
  });
  return loadOrganizationDetail(ctx.db, updated);
}

/**
 * GET /organizations/:id/users: its administrators and teachers, and the Super Administrator.
 * The path names the organization; a `organizationId` in the query is ignored.
 */
export async function listOrganizationUsers(
  ctx: OrganizationsContext,
  actor: Actor,
  id: string,
  query: UserListQuery,
): Promise<UserList> {
  assertCanViewMembers(actor);
  const organization = await findVisibleOrganization(ctx.db, actor, id);
  const { rows, total } = await listUsers(
    ctx.db,
    { organizationId: organization.id, search: query.search, role: query.role, status: query.status },
    { sort: query.sort, order: query.order, page: query.page, pageSize: query.pageSize },
  );
  return {
    items: rows.map(toUserSummary),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
