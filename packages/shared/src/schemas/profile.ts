import { z } from 'zod';
import { LanguageSchema } from '../languages.ts';
import { EmailSchema, NameSchema, PhoneSchema } from './common.ts';
import { LIMITS } from '../limits.ts';

/** The user profile as docs/product/data.md names its fields (snake_case and 'loggin_status' kept as specified). */
export const UserProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  organizationId: z.string().nullable(),
  /** The organization's name: what screens show (people read names, not ids); null without one. */
  organizationName: z.string().nullable().optional(),
  must_change_password: z.boolean(),
  name: z.string(),
  phone: z.string().nullable(),
  status: z.string(),
  loggin_status: z.string(),
  last_login: z.string().nullable(),
  created_at: z.string(),
  profile_image: z.string().nullable(),
  /** The language the user reads: the web's picker, mail, exports and documents follow it. */
  language: LanguageSchema,
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** GET /api/auth/profile answers this envelope; status 200 means success. */
export const ProfileEnvelopeSchema = z.object({
  status: z.number(),
  loggedIn: z.boolean(),
  user: UserProfileSchema,
  /** After a request to change the email: the address waiting for its confirmation link. */
  pendingEmail: z.string().optional(),
});
export type ProfileEnvelope = z.infer<typeof ProfileEnvelopeSchema>;

/** PUT /api/auth/profile (docs/product/api.md). The form splits the full name on whitespace. */
export const UpdateProfileSchema = z.object({
  firstName: NameSchema,
  lastName: z.string().trim().max(120).default(''),
  email: EmailSchema,
  phoneNumber: z.union([PhoneSchema, z.literal('')]).optional(),
  /** Left out: the stored language stays. */
  language: LanguageSchema.optional(),
  /** Required when the email changes: a stolen session alone cannot move the account. */
  currentPassword: z.string().max(LIMITS.passwordMax).optional(),
});
export type UpdateProfileInput = z.input<typeof UpdateProfileSchema>;

/** PUT /api/auth/profile/language: the top bar's picker saves the choice of a signed-in user. */
export const UpdateLanguageSchema = z.object({ language: LanguageSchema });
export type UpdateLanguageInput = z.infer<typeof UpdateLanguageSchema>;

/** Splits a full name as docs/product/validation.md says: the first word is firstName, the rest lastName. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}
