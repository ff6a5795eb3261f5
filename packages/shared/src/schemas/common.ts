import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/** Messages are i18n keys of the web's `validation` namespace, so a form shows them translated. */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, 'validation.emailTooLong')
  .pipe(z.email('validation.emailInvalid'));

export const PasswordSchema = z
  .string()
  .min(LIMITS.passwordMin, 'validation.passwordTooShort')
  .max(LIMITS.passwordMax, 'validation.passwordTooLong');

/** Optional phone: digits with spaces, dashes, dots or brackets, and an optional leading plus. */
export const PhoneSchema = z
  .string()
  .trim()
  .max(LIMITS.phoneMax, 'validation.phoneInvalid')
  .regex(/^\+?[0-9 ().-]{5,}$/, 'validation.phoneInvalid');

export const NameSchema = z
  .string()
  .trim()
  .min(1, 'validation.nameRequired')
  .max(LIMITS.nameMax, 'validation.nameTooLong');

export const IdParamsSchema = z.object({ id: z.uuid() });

export const ErrorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
