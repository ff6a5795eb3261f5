import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SubmissionFile } from '@vbuilder/shared';
import { api, apiPathOf } from '../../../../lib/api-client.ts';
import { formatBytes } from '../../../../lib/format.ts';
import { saveFile } from '../../../../lib/save-file.ts';

/** The files a student uploaded for an answer, each saved with the teacher's token on click. */
export function FileDownloads({ files }: { files: SubmissionFile[] }) {
  const { t, i18n } = useTranslation('submissions');
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const download = async (file: SubmissionFile) => {
    const path = apiPathOf(file.url);
    setBusy(file.id);
    setFailed(null);
    try {
      if (!path) {
        window.open(file.url, '_blank', 'noopener');
        return;
      }
      saveFile(await api.download(path), file.name);
    } catch {
      setFailed(file.id);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap={6}>
      {files.map((file) => (
        <Group key={file.id} gap="sm" wrap="wrap">
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy === file.id}
            onClick={() => void download(file)}
            styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
          >
            {t('answer.downloadFile', { name: file.name })}
          </Button>
          <Text size="xs" c="gray.7">
            {formatBytes(file.size, i18n.language)}
          </Text>
          {failed === file.id && (
            <Text size="sm" c="red.9" role="alert">
              {t('answer.fileFailed')}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
