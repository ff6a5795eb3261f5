import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestAuthConfig } from '../../lib/auth/auth-config.ts';
import { authKeys } from '../../lib/query-keys.ts';

/** Only web addresses become links: a misconfigured value never turns into a script URL. */
const WebUrl = z
  .string()
  .nullish()
  .transform((value) => (value && /^https?:\/\//i.test(value) ? value : null));

/** Only a plain address becomes a mailto link. */
const Email = z
  .string()
  .nullish()
  .transform((value) => (value && z.email().safeParse(value).success ? value : null));

const ExternalLinksSchema = z.object({
  learningPlatformUrl: WebUrl,
  supportUrl: WebUrl,
  /** Where schools write about invoices and slow activations, when the server names it. */
  billingSupportEmail: Email,
});
export type ExternalLinks = z.infer<typeof ExternalLinksSchema>;

export const externalLinksQuery = () =>
  queryOptions({
    queryKey: authKeys.config(),
    // The page's one request for the configuration, shared with the sign-in client.
    queryFn: async () => ExternalLinksSchema.parse((await requestAuthConfig()) ?? {}),
    staleTime: Infinity,
    // The links are a convenience: the shell works without them, so a failure is not announced.
    meta: { silent: true },
  });

/** The learning platform and support addresses (GET /api/auth/config); null until known or when not configured. */
export function useExternalLinks(): ExternalLinks {
  const { data } = useQuery(externalLinksQuery());
  return {
    learningPlatformUrl: data?.learningPlatformUrl ?? null,
    supportUrl: data?.supportUrl ?? null,
    billingSupportEmail: data?.billingSupportEmail ?? null,
  };
}
