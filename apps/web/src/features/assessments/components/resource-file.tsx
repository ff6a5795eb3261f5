import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AssessmentResource } from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { downloadResource } from '../api/upload-resource.ts';
import { useFailureReason } from '../hooks/use-failure-reason.ts';

/** Downloads a resource, or says in a toast why it could not. */
export function useDownloadResource() {
  const { t } = useTranslation('assessmentEditor');
  const failureReason = useFailureReason(undefined);
  return async (resource: AssessmentResource) => {
    try {
      await downloadResource(resource);
    } catch (error) {
      showToast('failure', failureReason(error), t('resources.downloadFailed', { name: resource.name }));
    }
  };
}

/** One file of an assessment: its name (wrapping anywhere), a detail line under it, and its buttons. */
export function ResourceFile({
  resource,
  detail,
  children,
}: {
  resource: AssessmentResource;
  /** e.g. the size, or the size and the date. */
  detail: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <IconFile size={20} aria-hidden style={{ flexShrink: 0 }} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {resource.name}
          </Text>
          <Text size="xs" c="gray.7">
            {detail}
          </Text>
        </div>
      </Group>
      {children}
    </Group>
  );
}
