// Who may see which organization's billing, and which action a record's state allows whom.
import { allowedPaymentActions, isSuperAdministrator, type PaymentAction } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { OrganizationRow, PaymentRecordRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { findOrganizationById } from '../organizations/organizations.repository.ts';
import { toPaymentRecord } from './payments.mapper.ts';
import { findPaymentRecord, type PaymentRecordWithOrganization } from './payments.repository.ts';

export const paymentNotFound = () => notFound('payment record');

/**
 * The organization whose billing the actor asks for: any for the Super Administrator, otherwise
 * only their own (an Administrator; the routes refuse other roles). Another organization is
 * answered like a missing one, so ids of other tenants are not confirmed.
 */
export async function readableOrganization(
  db: DbOrTx,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationRow> {
  if (!isSuperAdministrator(actor.role) && actor.organizationId !== organizationId) {
    throw notFound('organization');
  }
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw notFound('organization');
  return organization;
}

export const mayReadRecord = (actor: Actor, record: Pick<PaymentRecordRow, 'organizationId'>): boolean =>
  isSuperAdministrator(actor.role) || actor.organizationId === record.organizationId;

export async function readableRecord(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<PaymentRecordWithOrganization> {
  const record = await findPaymentRecord(db, id);
  if (!record || !mayReadRecord(actor, record)) throw paymentNotFound();
  return record;
}

/** 409 unless the actor may take `action` on the record in its state (allowedPaymentActions). */
export function assertAllowed(
  actor: Actor,
  record: PaymentRecordWithOrganization,
  action: PaymentAction,
): void {
  const allowed = allowedPaymentActions(toPaymentRecord(record), actor.role);
  if (!allowed.includes(action)) {
    throw new AppError(
      409,
      'payment_transition_not_allowed',
      `A ${record.status} payment record (invoice ${record.invoiceStatus}) cannot take the action '${action}'`,
      { status: record.status, invoiceStatus: record.invoiceStatus, action },
    );
  }
}

export const organizationOf = async (db: DbOrTx, organizationId: string) => {
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw notFound('organization');
  return organization;
};
