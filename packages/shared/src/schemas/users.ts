import { z } from 'zod';
import { LanguageSchema } from '../languages.ts';
import { ROLES } from '../roles.ts';
import { EmailSchema, NameSchema, PhoneSchema } from './common.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

/** 'pending': invited or signed up, no password set yet; 'inactive': deactivated by an administrator. */
export const USER_STATUSES = ['pending', 'active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A user as the users tables show it (docs/product/screens.md "Users table" and "All-users table"). */
export const UserSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  language: LanguageSchema,
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const USER_SORT_FIELDS = ['name', 'email', 'role', 'status', 'createdAt', 'lastLoginAt'] as const;

/** GET /api/users: Super Administrator may filter by organization; others see their own only. */
export const UserListQuerySchema = PageQuerySchema.extend({
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  organizationId: z.uuid().optional(),
  sort: z.enum(USER_SORT_FIELDS).default('name'),
});
export type UserListQuery = z.input<typeof UserListQuerySchema>;

export const UserListSchema = pageOf(UserSummarySchema);
export type UserList = z.infer<typeof UserListSchema>;

const OptionalPhone = z.union([PhoneSchema, z.literal('')]).optional();

/** POST /api/users: the account is created 'pending' and an invitation mail sets its password. */
export const CreateUserSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone: OptionalPhone,
  role: z.enum(ROLES),
  /** Required for the Super Administrator creating a user of another organization; others: their own. */
  organizationId: z.uuid().optional(),
  /** The language of the invitation and of everything sent to the person; default the inviter's. */
  language: LanguageSchema.optional(),
});
export type CreateUserInput = z.input<typeof CreateUserSchema>;

/** PATCH /api/users/:id: change role, deactivate ('inactive') or reactivate ('active'), or details. */
export const UpdateUserSchema = z
  .object({
    role: z.enum(ROLES).optional(),
    status: z.enum(['active', 'inactive']).optional(),
    name: NameSchema.optional(),
    phone: OptionalPhone,
    language: LanguageSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'validation.nothingToChange' });
export type UpdateUserInput = z.input<typeof UpdateUserSchema>;

/**
 * POST /api/users/import (multipart, field `file`, CSV with a header row: name,email[,phone]).
 * Adds students; each rejected row says why with i18n keys ('validation.emailInvalid') or
 * error codes ('email_taken', 'duplicate_in_file').
 */
export const ImportUsersResultSchema = z.object({
  created: z.array(z.object({ row: z.number().int(), id: z.string(), email: z.string() })),
  rejected: z.array(
    z.object({ row: z.number().int(), email: z.string().nullable(), reasons: z.array(z.string()) }),
  ),
});
export type ImportUsersResult = z.infer<typeof ImportUsersResultSchema>;
