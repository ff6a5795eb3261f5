import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProfileEnvelopeSchema, type UpdateProfileInput, type UserProfile } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';
import { userOf } from './get-profile.ts';

/** The saved profile, and the new email waiting for its confirmation link when one was asked for. */
export interface ProfileUpdate {
  user: UserProfile;
  pendingEmail: string | null;
}

export const updateProfile = async (input: UpdateProfileInput): Promise<ProfileUpdate> => {
  const envelope = await api.put('/auth/profile', input, ProfileEnvelopeSchema);
  return { user: userOf(envelope), pendingEmail: envelope.pendingEmail ?? null };
};

/** PUT /auth/profile; the answer is the new profile, shown at once (the screen reloads it later). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The edit dialog shows field errors and its own toast.
    meta: { silent: true },
    onSuccess: ({ user }) => queryClient.setQueryData(profileKeys.me(), user),
  });
}
