import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AssessmentResource } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { errorCodeOf } from '../../../lib/api-errors.ts';

/** The assessment's files: downloaded with the session's token (they are not public), then opened. */
export function ResourceList({ resources }: { resources: readonly AssessmentResource[] }) {
  const { t } = useTranslation(['attempts', 'errors']);
  const [busy, setBusy] = useState<string | null>(null);

  const open = async (resource: AssessmentResource) => {
    setBusy(resource.id);
    try {
      // The API answers with its own /api prefix in the address; the client adds it again.
      const blob = await api.download(resource.url.replace(/^\/api/, ''));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = resource.name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(error)}`) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap={4} align="flex-start">
      {resources.map((resource) => (
        <Button
          key={resource.id}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={busy === resource.id}
          onClick={() => void open(resource)}
          aria-label={t('start.download', { name: resource.name })}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {resource.name}
        </Button>
      ))}
    </Stack>
  );
}
