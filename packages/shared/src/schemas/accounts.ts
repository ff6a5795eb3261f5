import { z } from 'zod';
import { LanguageSchema } from '../languages.ts';
import { LIMITS } from '../limits.ts';
import { EmailSchema, NameSchema, PasswordSchema, PhoneSchema } from './common.ts';

/** Public account flows (docs/product/screens.md public routes). Paths are under /api/accounts. */
export const SignUpSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  /** The browser's language when signing up; mail and documents follow it (default English). */
  language: LanguageSchema.optional(),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const TokenSchema = z.object({ token: z.string().min(16, 'validation.tokenInvalid').max(200) });
export type TokenInput = z.infer<typeof TokenSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z.object({
  token: z.string().min(16, 'validation.tokenInvalid').max(200),
  password: PasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'validation.currentPasswordRequired').max(LIMITS.passwordMax),
  newPassword: PasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

export const ORGANIZATION_TYPES = ['school', 'university', 'training_centre', 'company', 'other'] as const;

export const CreateOrganizationSchema = z.object({
  name: z.string().trim().min(1, 'validation.organizationNameRequired').max(LIMITS.organizationNameMax),
  type: z.enum(ORGANIZATION_TYPES, 'validation.organizationTypeRequired'),
  email: EmailSchema,
  phone: z.union([PhoneSchema, z.literal('')]).optional(),
  address: z.string().trim().max(LIMITS.addressMax).optional(),
  postalCode: z.string().trim().max(LIMITS.postalCodeMax).optional(),
});
export type CreateOrganizationInput = z.input<typeof CreateOrganizationSchema>;

/** The sign-in form of the identity provider's login interaction. */
export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'validation.passwordRequired').max(LIMITS.passwordMax),
});
export type SignInInput = z.infer<typeof SignInSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

/** POST /api/accounts/resend-activation: always answered 202, a fresh link goes out if the account is pending. */
export const ResendActivationSchema = z.object({ email: EmailSchema });
export type ResendActivationInput = z.infer<typeof ResendActivationSchema>;

/** POST /api/accounts/activate answers the activated account's email, so the screen can offer to sign in with it. */
export const ActivateResponseSchema = z.object({ message: z.string(), email: z.string() });
export type ActivateResponse = z.infer<typeof ActivateResponseSchema>;
