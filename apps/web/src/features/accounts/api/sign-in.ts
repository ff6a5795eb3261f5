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

const LtiSignInResultSchema = z.object({ redirectTo: z.string().min(1), landing: z.string().min(1) });

/** An LTI launch's one-time code: the provider signs in the person the launch named (docs/product/lti.md). */
export const submitLtiCode = (uid: string, code: string) =>
  requestJson(`${interactionPath(uid)}/lti`, { method: 'POST', body: { code } }, LtiSignInResultSchema);
