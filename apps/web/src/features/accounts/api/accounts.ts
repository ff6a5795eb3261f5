import {
  ActivateResponseSchema,
  type ChangePasswordInput,
  type CreateOrganizationInput,
  type ForgotPasswordInput,
  type ResetPasswordInput,
  type SignUpInput,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { requestJson } from './request.ts';

/** Public account calls (docs/product/screens.md public routes): no session yet, so no bearer token. */
const accountsPath = (path: string) => `/api/accounts${path}`;

export const signUp = (input: SignUpInput) =>
  requestJson<unknown>(accountsPath('/sign-up'), { method: 'POST', body: input });

export const activateAccount = (token: string) =>
  requestJson(accountsPath('/activate'), { method: 'POST', body: { token } }, ActivateResponseSchema);

/** The link mailed to a new address: the account moves to it. */
export const confirmEmailChange = (token: string) =>
  requestJson(accountsPath('/confirm-email'), { method: 'POST', body: { token } }, ActivateResponseSchema);

/** The link mailed to the old address after a change: the account returns to it, everyone signed out. */
export const undoEmailChange = (token: string) =>
  requestJson(
    accountsPath('/undo-email-change'),
    { method: 'POST', body: { token } },
    ActivateResponseSchema,
  );

export const resendActivation = (email: string) =>
  requestJson<unknown>(accountsPath('/resend-activation'), { method: 'POST', body: { email } });

export const forgotPassword = (input: ForgotPasswordInput) =>
  requestJson<unknown>(accountsPath('/forgot-password'), { method: 'POST', body: input });

export const resetPassword = (input: ResetPasswordInput) =>
  requestJson<unknown>(accountsPath('/reset-password'), { method: 'POST', body: input });

/** Signed-in calls go through the shared client, which adds and refreshes the bearer token. */
export const changePassword = (input: ChangePasswordInput) => api.post('/accounts/change-password', input);

export const createOrganization = (input: CreateOrganizationInput) =>
  api.post('/accounts/organization', input);
