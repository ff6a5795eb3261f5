import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { profileKeys } from '../../../lib/query-keys.ts';

/**
 * Reloads the profile everywhere it shows: this screen's query and the signed-in user the top bar
 * and avatar menu read from. With a delay (docs/product/states.md: 750 ms after a new image) the timer is left to
 * run even if the screen unmounts, so the avatar menu still picks up the change.
 */
export function useProfileReload() {
  const queryClient = useQueryClient();
  const { reloadProfile } = useAuth();

  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    void Promise.resolve(reloadProfile()).catch(() => undefined);
  }, [queryClient, reloadProfile]);

  const reloadAfter = useCallback((delayMs: number) => void setTimeout(reload, delayMs), [reload]);

  return { reload, reloadAfter };
}
