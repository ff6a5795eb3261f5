import { z } from 'zod';
import { CreateOrganizationSchema } from './accounts.ts';
import {
  EmailSchema as AdminEmailSchema,
  NameSchema as AdminNameSchema,
  PhoneSchema as AdminPhoneSchema,
} from './common.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

/**
 * An organization as the API answers it (docs/product/data.md "Organisation"). Optional contact fields are
 * null when not given; `type` is one of ORGANIZATION_TYPES for organizations created through the
 * API, kept as a plain string so older or imported rows still read.
 */
export const OrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/** A row of the Super Administrator's organization list. */
export const OrganizationSummarySchema = OrganizationSchema.extend({
  createdAt: z.string(),
  userCount: z.number().int(),
});
export type OrganizationSummary = z.infer<typeof OrganizationSummarySchema>;

export const OrganizationListQuerySchema = PageQuerySchema.extend({
  sort: z.enum(['name', 'createdAt', 'userCount']).default('name'),
});
export type OrganizationListQuery = z.input<typeof OrganizationListQuerySchema>;
export const OrganizationListSchema = pageOf(OrganizationSummarySchema);
export type OrganizationList = z.infer<typeof OrganizationListSchema>;

/**
 * One of an organization's administrators on its detail. Their email and phone are staff's to
 * see: a Student reading their organization gets the names only (both null).
 */
export const OrganizationAdministratorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
});

/** GET /api/organizations/:id (docs/product/screens.md "Organization pages": details and admins). */
export const OrganizationDetailSchema = OrganizationSchema.extend({
  createdAt: z.string(),
  administrators: z.array(OrganizationAdministratorSchema),
  counts: z.object({
    users: z.number().int(),
    administrators: z.number().int(),
    teachers: z.number().int(),
    students: z.number().int(),
  }),
});
export type OrganizationDetail = z.infer<typeof OrganizationDetailSchema>;

/** POST /api/organizations (Super Administrator), optionally with its first Administrator, who is invited by mail. */
export const CreateOrganizationWithAdminSchema = CreateOrganizationSchema.extend({
  administrator: z
    .object({
      name: AdminNameSchema,
      email: AdminEmailSchema,
      phone: z.union([AdminPhoneSchema, z.literal('')]).optional(),
    })
    .optional(),
});
export type CreateOrganizationWithAdminInput = z.input<typeof CreateOrganizationWithAdminSchema>;

/** PATCH /api/organizations/:id: any subset of the organization's fields. */
export const UpdateOrganizationSchema = CreateOrganizationSchema.partial().refine(
  (v) => Object.values(v).some((x) => x !== undefined),
  { message: 'validation.nothingToChange' },
);
export type UpdateOrganizationInput = z.input<typeof UpdateOrganizationSchema>;
