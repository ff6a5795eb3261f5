import { useEffect, useState } from 'react';
import { Avatar, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/app-modal.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { codeOf } from '../../../lib/api-errors.ts';
import { formatBytes } from '../../../lib/format.ts';
import { useUploadProfileImage } from '../api/upload-profile-image.ts';

/** One toast slot for the upload's outcome. */
const IMAGE_TOAST = 'profile-image';

interface Props {
  /** The picked image; the dialog is open while there is one. */
  file: File | null;
  onClose: () => void;
  /** Called once the API has stored the image. */
  onUploaded: () => void;
}

/** 'Update Profile Image' (docs/product/screens.md): preview the picked file, then upload it or cancel. */
export function ProfileImageDialog({ file, onClose, onUploaded }: Props) {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const upload = useUploadProfileImage();
  const [preview, setPreview] = useState<string | null>(null);

  // An object URL per picked file, released when the file changes or the dialog goes away.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const close = () => {
    if (upload.isPending) return;
    upload.reset();
    onClose();
  };

  const save = () => {
    if (!file || upload.isPending) return;
    upload.mutate(file, {
      onSuccess: () => {
        showToast('success', t('profile:image.success'), undefined, IMAGE_TOAST);
        upload.reset();
        onClose();
        onUploaded();
      },
      onError: (error) => {
        const code = codeOf(error);
        const reason =
          code && i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : t('errors:internal_error');
        showToast('failure', reason, t('profile:image.failure'), IMAGE_TOAST);
      },
    });
  };

  return (
    <AppModal
      opened={file !== null}
      onClose={close}
      title={t('profile:image.title')}
      closeOnClickOutside={!upload.isPending}
    >
      <Stack gap="lg">
        <Text c="dimmed" size="sm">
          {t('profile:image.description')}
        </Text>
        <Stack align="center" gap="xs">
          <Avatar
            src={preview}
            alt={t('profile:image.previewAlt')}
            size={168}
            radius={999}
            styles={{
              root: { boxShadow: 'var(--mantine-shadow-md)', border: '4px solid var(--mantine-color-body)' },
            }}
          />
          {file && (
            <Text size="sm" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
              {file.name} · {formatBytes(file.size, i18n.resolvedLanguage)}
            </Text>
          )}
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={upload.isPending}>
            {t('profile:image.cancel')}
          </Button>
          <Button
            data-autofocus
            onClick={save}
            disabled={upload.isPending}
            leftSection={upload.isPending ? <Loader size={14} color="currentColor" aria-hidden /> : undefined}
          >
            {upload.isPending ? t('profile:image.uploading') : t('profile:image.save')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
