import { queryOptions } from '@tanstack/react-query';
import type { SignInInput } from '@vbuilder/shared';
import { z } from 'zod';
import { accountKeys } from '../../../lib/query-keys.ts';
import { requestJson } from './request.ts';

/**
 * The identity provider's login interaction. These paths are served by the provider beside the
 * SPA (not under /api) and are tied to its interaction cookie, so they carry no bearer token.
 */
export const InteractionDetailsSchema = z.object({
  uid: z.string(),
  prompt: z.unknown().optional(),
  loginHint: z.string().nullish(),
  clientId: z.string().optional(),
  /** Set when the provider finished the step itself (implied consent): the page only goes there. */
  redirectTo: z.string().optional(),
});
export type InteractionDetails = z.infer<typeof InteractionDetailsSchema>;

const LoginResultSchema = z.object({ redirectTo: z.string().min(1) });

const interactionPath = (uid: string) => `/signin/${encodeURIComponent(uid)}`;

export const getInteractionDetails = (uid: string) =>
  requestJson(`${interactionPath(uid)}/details`, {}, InteractionDetailsSchema);

export const interactionQuery = (uid: string) =>
  queryOptions({
    queryKey: accountKeys.interaction(uid),
    queryFn: () => getInteractionDetails(uid),
    // The screen shows failures itself; no toast on top.
    meta: { silent: true },
    // An interaction is single-use: refetching or retrying cannot make an expired one valid.
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const submitLogin = (uid: string, input: SignInInput) =>
  requestJson(`${interactionPath(uid)}/login`, { method: 'POST', body: input }, LoginResultSchema);

const SchoolLookupSchema = z.object({ organizationName: z.string() });

/**
 * Whether this email's domain signs in at its school's own provider (docs/product/school-sign-in.md):
 * the school's name, or null (404 school_sign_in_not_found).
 */
export const findSchoolSignIn = async (uid: string, email: string) => {
  try {
    return await requestJson(
      `${interactionPath(uid)}/school?${new URLSearchParams({ email })}`,
      {},
      SchoolLookupSchema,
    );
  } catch (error) {
    if ((error as { code?: string }).code === 'school_sign_in_not_found') return null;
    throw error;
  }
};

export const schoolSignInQuery = (uid: string, email: string) =>
  queryOptions({
    queryKey: accountKeys.schoolSignIn(uid, email),
    queryFn: () => findSchoolSignIn(uid, email),
    meta: { silent: true },
    retry: false,
    staleTime: 5 * 60 * 1000,
  });

/** Starts at the school's provider: answers the address to go to. */
export const startSchoolSignIn = (uid: string, email: string) =>
  requestJson(`${interactionPath(uid)}/school`, { method: 'POST', body: { email } }, LoginResultSchema);

const LtiSignInResultSchema = z.object({ redirectTo: z.string().min(1), landing: z.string().min(1) });

/** An LTI launch's one-time code: the provider signs in the person the launch named (docs/product/lti.md). */
export const submitLtiCode = (uid: string, code: string) =>
  requestJson(`${interactionPath(uid)}/lti`, { method: 'POST', body: { code } }, LtiSignInResultSchema);
