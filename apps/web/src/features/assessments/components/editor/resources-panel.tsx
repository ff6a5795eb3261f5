import { useState } from 'react';
import { ActionIcon, Alert, Group, Paper, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { openConfirmModal } from '../../../../components/deferred/confirm-modal.ts';
import { IconAlertCircle, IconDownload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ASSESSMENT_LIMITS, type AssessmentResource } from '@vbuilder/shared';
import { FileDrop, rejectionOf } from '../../../../components/forms/file-drop.tsx';
import { showToast } from '../../../../components/forms/show-toast.tsx';
import { formatBytes, formatDate } from '../../../../lib/format.ts';
import { useDeleteResource, useUploadResource } from '../../api/upload-resource.ts';
import { useFailureReason } from '../../hooks/use-failure-reason.ts';
import { ResourceFile, useDownloadResource } from '../resource-file.tsx';

interface Upload {
  key: string;
  name: string;
  progress: number;
}

/**
 * The files and resources of an assessment (docs/product/screens.md 'Assessment edit'): dropped or chosen files
 * upload at once with a progress bar each, then list with download and delete. They are stored
 * apart from Save: an upload is kept even if the other changes are not saved.
 */
export function ResourcesPanel({
  assessmentId,
  resources,
}: {
  assessmentId: string;
  resources: AssessmentResource[];
}) {
  const { t, i18n } = useTranslation(['assessmentEditor', 'common']);
  const locale = i18n.resolvedLanguage;
  const upload = useUploadResource(assessmentId);
  const remove = useDeleteResource(assessmentId);
  const failureReason = useFailureReason(undefined);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const room = ASSESSMENT_LIMITS.resourcesMax - resources.length - uploads.length;

  const start = async (files: File[]) => {
    setProblem(null);
    const accepted = files.slice(0, Math.max(0, room));
    if (accepted.length < files.length)
      setProblem(t('assessmentEditor:resources.tooMany', { max: ASSESSMENT_LIMITS.resourcesMax }));
    // One after another: the progress bars stay readable and the server is not flooded.
    for (const file of accepted) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      setUploads((list) => [...list, { key, name: file.name, progress: 0 }]);
      try {
        await upload.mutateAsync({
          file,
          onProgress: (fraction) =>
            setUploads((list) =>
              list.map((u) => (u.key === key ? { ...u, progress: Math.round(fraction * 100) } : u)),
            ),
        });
        showToast('success', t('assessmentEditor:resources.uploaded', { name: file.name }));
      } catch (error) {
        const reason = failureReason(error);
        setProblem(t('assessmentEditor:resources.uploadFailed', { name: file.name, reason }));
        showToast('failure', reason, t('assessmentEditor:resources.uploadFailedTitle', { name: file.name }));
      } finally {
        setUploads((list) => list.filter((u) => u.key !== key));
      }
    }
  };

  const reject = (rejections: FileRejection[]) => {
    setProblem(
      rejectionOf(rejections) === 'too-large'
        ? t('assessmentEditor:resources.tooLarge', {
            size: formatBytes(ASSESSMENT_LIMITS.resourceMaxBytes, locale),
          })
        : t('assessmentEditor:resources.rejected'),
    );
  };

  const download = useDownloadResource();

  const confirmDelete = (resource: AssessmentResource) =>
    openConfirmModal({
      title: t('assessmentEditor:resources.deleteTitle', { name: resource.name }),
      children: <Text size="sm">{t('assessmentEditor:resources.deleteBody')}</Text>,
      labels: {
        confirm: t('assessmentEditor:resources.deleteConfirm'),
        cancel: t('assessmentEditor:list.cancel'),
      },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: () =>
        remove.mutate(resource.id, {
          onSuccess: () =>
            showToast('success', t('assessmentEditor:resources.deleted', { name: resource.name })),
          onError: (error) =>
            showToast(
              'failure',
              failureReason(error),
              t('assessmentEditor:resources.deleteFailed', { name: resource.name }),
            ),
        }),
    });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby="resources-heading"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="resources-heading">
            {t('assessmentEditor:resources.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('assessmentEditor:resources.description')}
          </Text>
        </div>

        <FileDrop
          onDrop={(files) => void start(files)}
          onReject={reject}
          maxSize={ASSESSMENT_LIMITS.resourceMaxBytes}
          disabled={room <= 0}
          label={t('assessmentEditor:resources.dropzone')}
          name="resource"
          title={t('assessmentEditor:resources.drop')}
          hint={t('assessmentEditor:resources.limits', {
            size: formatBytes(ASSESSMENT_LIMITS.resourceMaxBytes, locale),
            max: ASSESSMENT_LIMITS.resourcesMax,
          })}
          idleIcon={IconPaperclip}
          iconSize={36}
          minHeight={96}
        />

        {problem ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
            withCloseButton
            closeButtonLabel={t('common:close')}
            onClose={() => setProblem(null)}
          >
            {problem}
          </Alert>
        ) : null}

        {uploads.map((u) => (
          <Stack key={u.key} gap={4}>
            <Text size="sm">{t('assessmentEditor:resources.uploading', { name: u.name })}</Text>
            <Progress
              value={u.progress}
              animated
              aria-label={t('assessmentEditor:resources.progress', { name: u.name, progress: u.progress })}
            />
          </Stack>
        ))}

        {resources.length === 0 && uploads.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('assessmentEditor:resources.empty')}
          </Text>
        ) : (
          <ul
            style={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              display: 'flex',
              flexDirection: 'column',
              gap: 8,
            }}
            aria-label={t('assessmentEditor:resources.title')}
          >
            {resources.map((resource) => (
              <li key={resource.id}>
                <ResourceFile
                  resource={resource}
                  detail={`${formatBytes(resource.size, locale)} · ${formatDate(resource.createdAt, locale)}`}
                >
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('assessmentEditor:resources.download', { name: resource.name })}>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        onClick={() => void download(resource)}
                        aria-label={t('assessmentEditor:resources.download', { name: resource.name })}
                      >
                        <IconDownload size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('assessmentEditor:resources.delete', { name: resource.name })}>
                      <ActionIcon
                        variant="default"
                        color="red"
                        size="lg"
                        onClick={() => confirmDelete(resource)}
                        aria-label={t('assessmentEditor:resources.delete', { name: resource.name })}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </ResourceFile>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}
