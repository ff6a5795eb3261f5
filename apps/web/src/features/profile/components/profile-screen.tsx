import { useState } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIMITS, PROFILE_IMAGE_TYPES } from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { useProfile } from '../api/get-profile.ts';
import { useProfileReload } from '../hooks/use-profile-reload.ts';
import { PROFILE_REFETCH_DELAY_MS } from '../lib/profile-display.ts';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { AccountCard, PersonalCard } from './info-cards.tsx';
import { ProfileBanner } from './profile-banner.tsx';
import { ProfileImageDialog } from './profile-image-dialog.tsx';
import { ProfileLoadError } from './profile-load-error.tsx';

/** The signed-in user's profile screen (docs/product/screens.md 'Profile'). */
export function ProfileScreen() {
  const { t } = useTranslation(['profile', 'errors']);
  const profile = useProfile();
  const { reload, reloadAfter } = useProfileReload();
  const [pickedImage, setPickedImage] = useState<File | null>(null);
  const [editing, setEditing] = useState(false);

  // The picker asks for image/*, but a user can still choose "All files" (or an image kind the
  // server refuses, HEIC, SVG): say why here, and refuse files the server would refuse for their
  // size, before showing a preview that cannot be saved.
  const pickImage = (file: File) => {
    if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      showToast('failure', t('profile:image.notImage', { name: file.name }), t('profile:image.failure'));
      return;
    }
    if (file.size > LIMITS.profileImageMaxBytes) {
      showToast('failure', t('errors:file_too_large'), t('profile:image.failure'));
      return;
    }
    setPickedImage(file);
  };

  return (
    <Stack gap="lg" maw={1080} mx="auto" w="100%">
      <div>
        <Title order={1} size="h2">
          {t('profile:page.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('profile:page.subtitle')}
        </Text>
      </div>

      {profile.isPending ? (
        <ProfileSkeleton label={t('profile:page.loading')} />
      ) : profile.isError ? (
        <ProfileLoadError
          error={profile.error}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : (
        <>
          <ProfileBanner user={profile.data} onPickImage={pickImage} onEdit={() => setEditing(true)} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <PersonalCard user={profile.data} />
            <AccountCard user={profile.data} />
          </SimpleGrid>
        </>
      )}

      <ProfileImageDialog
        file={pickedImage}
        onClose={() => setPickedImage(null)}
        onUploaded={() => reloadAfter(PROFILE_REFETCH_DELAY_MS)}
      />
      <EditProfileDialog
        opened={editing}
        user={profile.data ?? null}
        onClose={() => setEditing(false)}
        onSaved={reload}
      />
    </Stack>
  );
}

function ProfileSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="lg" aria-busy="true" aria-label={label}>
      <Card withBorder radius="lg" padding={0}>
        <Skeleton h={128} radius={0} />
        <Group p="xl" gap="lg">
          <Skeleton circle h={120} mt={-60} />
          <Stack gap="xs" flex={1}>
            <Skeleton h={24} w="40%" />
            <Skeleton h={14} w="30%" />
          </Stack>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Skeleton h={260} radius="lg" />
        <Skeleton h={260} radius="lg" />
      </SimpleGrid>
    </Stack>
  );
}
