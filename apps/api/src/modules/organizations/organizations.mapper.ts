import {
  isAdministrator,
  type CreateOrganizationInput,
  type Organization,
  type OrganizationDetail,
  type UpdateOrganizationInput,
} from '@vbuilder/shared';
import type { OrganizationRow, UserRow } from '../../db/schema/index.ts';
import { blankToNull } from '../../lib/text.ts';
import type { NewOrganization, OrganizationChanges } from './organizations.repository.ts';

/**
 * Organizations between the contract and the table, for this module and for accounts (a user
 * creating their own organization), which reaches them through organizations.service.ts.
 */

export const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  name: row.name,
  type: row.type,
  email: row.email,
  phone: row.phone,
  address: row.address,
  postalCode: row.postalCode,
});

/**
 * The detail screen's organization: its administrators and how many members it has of each role.
 * `contacts` false (a Student reads it): the administrators' names without their email and phone.
 */
export function toOrganizationDetail(
  row: OrganizationRow,
  administrators: readonly UserRow[],
  roleCounts: readonly { role: string; count: number }[],
  contacts = true,
): OrganizationDetail {
  const count = (match: (role: string) => boolean) =>
    roleCounts.filter((r) => match(r.role)).reduce((sum, r) => sum + Number(r.count), 0);
  return {
    ...toOrganization(row),
    createdAt: row.createdAt.toISOString(),
    administrators: administrators.map((a) => ({
      id: a.id,
      name: a.name,
      email: contacts ? a.email : null,
      phone: contacts ? a.phone : null,
      status: a.status,
    })),
    counts: {
      users: count(() => true),
      administrators: count(isAdministrator),
      teachers: count((role) => role === 'Teacher'),
      students: count((role) => role === 'Student'),
    },
  };
}

/** A new organization's row from the create form (optional contact fields sent blank are null). */
export const newOrganization = (input: CreateOrganizationInput, now: Date): NewOrganization => ({
  name: input.name.trim(),
  type: input.type,
  email: input.email,
  phone: blankToNull(input.phone),
  address: blankToNull(input.address),
  postalCode: blankToNull(input.postalCode),
  createdAt: now,
  updatedAt: now,
});

/** The fields an edit sends (undefined: left as they are; blank: cleared). */
export const organizationChanges = (input: UpdateOrganizationInput): OrganizationChanges => ({
  name: input.name?.trim(),
  type: input.type,
  email: input.email,
  phone: input.phone === undefined ? undefined : blankToNull(input.phone),
  address: input.address === undefined ? undefined : blankToNull(input.address),
  postalCode: input.postalCode === undefined ? undefined : blankToNull(input.postalCode),
});
