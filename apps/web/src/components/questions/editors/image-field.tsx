import { useEffect, useRef, useState } from 'react';
import { Box, Button, FileButton, Group, Image, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconLink, IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { LIMITS, QUESTION_IMAGE_TYPES } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { useUploadQuestionImage } from './upload-question-image.ts';

interface Props {
  /** Used for element ids (label, description, error). */
  id: string;
  label: string;
  description?: string;
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  /** A translated validation message for the URL. */
  error?: string;
  /** Smaller preview, for images inside a list (choice options). */
  compact?: boolean;
}

const codeOf = (error: unknown): string | null =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : null;

const MAX_MEGABYTES = Math.floor(LIMITS.questionImageMaxBytes / (1024 * 1024));

/**
 * An image for a question or an option: paste an address or upload a file (PNG, JPEG, WebP or
 * GIF, checked again by the API), see a preview, remove it. Upload failures are explained next to
 * the field; the question keeps its previous image until an upload succeeds.
 */
export function ImageField({ id, label, description, value, onChange, error, compact = false }: Props) {
  const { t, i18n } = useTranslation(['questions', 'errors']);
  const upload = useUploadQuestionImage();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  const resetFile = useRef<() => void>(null);
  const url = value ?? '';

  // A new address deserves a new attempt at loading it.
  useEffect(() => setBroken(false), [url]);

  const pick = (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    setUploadError(null);
    if (!(QUESTION_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setUploadError(t('questions:editors.image.wrongType'));
      return;
    }
    if (file.size > LIMITS.questionImageMaxBytes) {
      setUploadError(t('questions:editors.image.tooLarge', { size: MAX_MEGABYTES }));
      return;
    }
    upload.mutate(file, {
      onSuccess: (uploaded) => onChange(uploaded),
      onError: (failure) => {
        const code = codeOf(failure);
        setUploadError(
          code && i18n.exists(`errors:${code}`)
            ? t(`errors:${code}`)
            : t('questions:editors.image.uploadFailed'),
        );
      },
    });
  };

  const shownError = uploadError ?? error;
  const previewHeight = compact ? 96 : 200;

  return (
    <Stack gap="xs">
      <TextInput
        id={`${id}-url`}
        label={label}
        description={description ?? t('questions:editors.image.hint', { size: MAX_MEGABYTES })}
        placeholder={t('questions:editors.image.urlPlaceholder')}
        leftSection={<IconLink size={16} aria-hidden />}
        value={url}
        inputMode="url"
        maxLength={2048}
        onChange={(event) => {
          setUploadError(null);
          const next = event.currentTarget.value;
          onChange(next.trim() === '' ? null : next);
        }}
        error={shownError}
        errorProps={{ role: 'alert' }}
      />
      {url !== '' && (
        <Box
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-md)',
            padding: 'var(--mantine-spacing-xs)',
            background: 'var(--mantine-color-gray-0)',
            alignSelf: 'flex-start',
            maxWidth: '100%',
          }}
        >
          {broken ? (
            <Group gap="xs" mih={compact ? 48 : 80} px="sm" justify="center" c="dimmed" wrap="nowrap">
              <IconPhotoOff size={20} aria-hidden />
              <Text size="sm">{t('questions:editors.image.broken')}</Text>
            </Group>
          ) : (
            <Image
              src={url}
              alt={t('questions:editors.image.previewAlt', { name: label })}
              h={previewHeight}
              w="auto"
              maw={compact ? 200 : 400}
              fit="contain"
              onError={() => setBroken(true)}
            />
          )}
        </Box>
      )}
      <Group gap="xs">
        <FileButton
          resetRef={resetFile}
          onChange={pick}
          accept={QUESTION_IMAGE_TYPES.join(',')}
          disabled={upload.isPending}
          inputProps={{ 'aria-hidden': true, tabIndex: -1 }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size={compact ? 'xs' : 'sm'}
              leftSection={
                upload.isPending ? (
                  <Loader size={14} color="currentColor" aria-hidden />
                ) : (
                  <IconUpload size={16} aria-hidden />
                )
              }
              disabled={upload.isPending}
              aria-label={
                upload.isPending
                  ? t('questions:editors.image.uploading')
                  : t('questions:editors.image.uploadNamed', { name: label })
              }
            >
              {upload.isPending
                ? t('questions:editors.image.uploading')
                : t('questions:editors.image.upload')}
            </Button>
          )}
        </FileButton>
        {url !== '' && (
          <Button
            variant="subtle"
            color="red"
            size={compact ? 'xs' : 'sm'}
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => {
              setUploadError(null);
              onChange(null);
            }}
            aria-label={t('questions:editors.image.removeNamed', { name: label })}
          >
            {t('questions:editors.image.remove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
