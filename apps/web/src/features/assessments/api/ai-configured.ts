import { useQuery } from '@tanstack/react-query';
import { requestAuthConfig } from '../../../lib/auth/auth-config.ts';
import { aiAssistantKeys } from '../../../lib/query-keys.ts';

/**
 * Whether the server has a language model (GET /api/auth/config's aiConfigured, asked once per
 * page), for the assistant and the generation panel alike: false says "no key" before anyone types; null when not known (an older server, or the
 * configuration could not be read), and then Send finds out as before.
 */
export const useAiConfigured = () =>
  useQuery({
    queryKey: aiAssistantKeys.configured(),
    queryFn: async () => {
      const config = (await requestAuthConfig()) as { aiConfigured?: unknown } | null;
      return typeof config?.aiConfigured === 'boolean' ? config.aiConfigured : null;
    },
    staleTime: Infinity,
    meta: { silent: true },
  });
