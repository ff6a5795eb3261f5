import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProfileEnvelopeSchema, type ProfileEnvelope, type UserProfile } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';

/** The user inside the historical envelope (docs/product/data.md); an envelope that does not report success counts as a failure. */
export function userOf(envelope: ProfileEnvelope): UserProfile {
  if (envelope.status !== 200 || !envelope.loggedIn)
    throw new Error('The profile answer did not report success');
  return envelope.user;
}

export const fetchProfile = async (): Promise<UserProfile> =>
  userOf(await api.get('/auth/profile', ProfileEnvelopeSchema));

export const profileQuery = () =>
  queryOptions({
    queryKey: profileKeys.me(),
    queryFn: fetchProfile,
    // The screen shows its own load-error card and toast instead of the generic one.
    meta: { silent: true },
  });

export const useProfile = () => useQuery(profileQuery());
