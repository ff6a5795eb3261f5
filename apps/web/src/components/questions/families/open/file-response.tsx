import { useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconFile, IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResponsePartProps } from './open-types.ts';
import { formatBytes } from '../../../../lib/format.ts';
import { dropzoneAccept, safeUrl, validAcceptEntries } from './open-utils.ts';

/**
 * A file answer (presentation, mind map, lab report…): drop or choose one file of the accepted
 * types, see its name and size, add an optional note. The File goes to `onFile` for upload.
 */
export function FileResponse({ answer, config, update, disabled, idPrefix, onFile }: ResponsePartProps) {
  const { t, i18n } = useTranslation('questions');
  const accept = validAcceptEntries(config.acceptedFileTypes);
  const acceptedText = accept.length ? accept.join(', ') : t('openPlayer.file.anyType');
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  const [rejected, setRejected] = useState(false);
  const openRef = useRef<() => void>(null);
  const typesId = `${idPrefix}-file-types`;

  const choose = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setRejected(false);
    setChosen({ name: file.name, size: file.size });
    // A new local file replaces any stored one: the API sets fileUrl again when it uploads it.
    update({ fileName: file.name, fileUrl: undefined });
    onFile?.(file);
  };

  const reject = (rejections: FileRejection[]) => {
    if (rejections.length) setRejected(true);
  };

  const remove = () => {
    setChosen(null);
    update({ fileName: undefined, fileUrl: undefined });
  };

  const storedUrl = safeUrl(answer.fileUrl);
  const size = chosen && chosen.name === answer.fileName ? chosen.size : null;

  return (
    <Stack gap="sm">
      {!disabled && (
        // The whole area takes a dropped file; the button inside is the one control for choosing a
        // file by click, touch or keyboard (a focusable drop area around it would nest controls).
        <Dropzone
          onDrop={choose}
          onReject={reject}
          accept={dropzoneAccept(accept)}
          multiple={false}
          openRef={openRef}
          activateOnClick={false}
          activateOnKeyboard={false}
          // Mantine turns pointer events off inside a drop zone; the button must stay clickable.
          enablePointerEvents
          radius="md"
          p="lg"
        >
          <Group justify="center" gap="md" wrap="wrap">
            <Dropzone.Accept>
              <ThemeIcon size={44} variant="light" radius="xl">
                <IconFileUpload aria-hidden />
              </ThemeIcon>
            </Dropzone.Accept>
            <Dropzone.Reject>
              <ThemeIcon size={44} variant="light" color="red" radius="xl">
                <IconX aria-hidden />
              </ThemeIcon>
            </Dropzone.Reject>
            <Dropzone.Idle>
              <ThemeIcon size={44} variant="light" color="gray" radius="xl">
                <IconFileUpload aria-hidden />
              </ThemeIcon>
            </Dropzone.Idle>
            <Stack gap={2} align="flex-start" style={{ minWidth: 0 }}>
              <Text fw={500}>
                {answer.fileName ? t('openPlayer.file.dropAnother') : t('openPlayer.file.drop')}
              </Text>
              <Text size="sm" c="dimmed" id={typesId}>
                {t('openPlayer.file.accepted', { types: acceptedText })}
              </Text>
              <Button
                mt={6}
                size="sm"
                variant={answer.fileName ? 'default' : 'filled'}
                leftSection={<IconUpload size={16} aria-hidden />}
                onClick={() => openRef.current?.()}
                aria-describedby={typesId}
              >
                {answer.fileName ? t('openPlayer.file.chooseAnother') : t('openPlayer.file.choose')}
              </Button>
            </Stack>
          </Group>
        </Dropzone>
      )}

      {rejected && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {t('openPlayer.file.rejected', { types: acceptedText })}
        </Alert>
      )}

      {answer.fileName ? (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ThemeIcon variant="light" radius="md" size={36}>
                <IconFile size={20} />
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {t('openPlayer.file.chosen')}
                </Text>
                {storedUrl ? (
                  <Anchor
                    href={storedUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    fw={500}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {answer.fileName}
                  </Anchor>
                ) : (
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {answer.fileName}
                  </Text>
                )}
                {size !== null && (
                  <Text size="sm" c="dimmed">
                    {formatBytes(size, i18n.language)}
                  </Text>
                )}
              </div>
            </Group>
            {!disabled && (
              <Button variant="subtle" color="red" size="compact-sm" onClick={remove}>
                {t('openPlayer.file.remove')}
              </Button>
            )}
          </Group>
        </Paper>
      ) : (
        disabled && (
          <Text size="sm" c="dimmed">
            {t('openPlayer.file.none')}
          </Text>
        )
      )}

      <Textarea
        id={`${idPrefix}-file-note`}
        label={t('openPlayer.file.noteLabel')}
        description={t('openPlayer.file.noteHint')}
        value={answer.text ?? ''}
        onChange={(event) => update({ text: event.currentTarget.value })}
        disabled={disabled}
        autosize
        minRows={2}
        maxRows={8}
      />
    </Stack>
  );
}
