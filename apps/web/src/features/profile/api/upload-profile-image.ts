import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProfileEnvelopeSchema, type UserProfile } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';
import { userOf } from './get-profile.ts';

/** The multipart field the API reads the image from (docs/product/api.md). */
export const PROFILE_IMAGE_FIELD = 'profile_image';

export async function uploadProfileImage(file: File): Promise<UserProfile> {
  const form = new FormData();
  form.append(PROFILE_IMAGE_FIELD, file, file.name);
  return userOf(await api.upload('/auth/profile/image', form, ProfileEnvelopeSchema));
}

/** POST /auth/profile/image; the new image shows at once, the screen refetches the profile after a pause. */
export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    // The image dialog shows its own success and failure toasts.
    meta: { silent: true },
    onSuccess: (user) => queryClient.setQueryData(profileKeys.me(), user),
  });
}
