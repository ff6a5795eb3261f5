import { ChangePasswordSchema, ResetPasswordSchema, SignUpSchema } from '@vbuilder/shared';
import { z } from 'zod';

/**
 * The forms add a confirmation field to the shared request schemas. The match is checked even
 * while other fields are invalid, so both problems show at once.
 */
function confirming<Field extends string>(field: Field) {
  return {
    check: (values: Record<string, unknown>) => values[field] === values.confirmPassword,
    options: {
      path: ['confirmPassword'],
      message: 'validation.passwordsDoNotMatch',
      when: (payload: { value: unknown }) => {
        const value = payload.value as Record<string, unknown> | null;
        return typeof value?.[field] === 'string' && typeof value?.confirmPassword === 'string';
      },
    },
  };
}

const signUpConfirm = confirming('password');
export const SignUpFormSchema = SignUpSchema.extend({ confirmPassword: z.string() }).refine(
  signUpConfirm.check,
  signUpConfirm.options,
);

const resetConfirm = confirming('password');
export const ResetPasswordFormSchema = ResetPasswordSchema.omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine(resetConfirm.check, resetConfirm.options);

const changeConfirm = confirming('newPassword');
export const ChangePasswordFormSchema = ChangePasswordSchema.extend({ confirmPassword: z.string() }).refine(
  changeConfirm.check,
  changeConfirm.options,
);
