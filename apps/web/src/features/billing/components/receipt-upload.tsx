import { useState } from 'react';
import { Alert, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconFileUpload, IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentRecord } from '@vbuilder/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { formatBytes } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { RECEIPT_MAX_BYTES, RECEIPT_MIME_TYPES, useUploadReceipt } from '../api/upload-receipt.ts';

/**
 * The upload modal (SPEC §2): the proof of payment for a pending invoice, a PDF or an image up to
 * 10 MB. A wrong type or size is said before anything is sent; a failed upload says 'Failed to
 * upload. Please try again.' with the reason, and success 'Files submitted'.
 */
export function ReceiptUpload({ record, onClose }: { record: PaymentRecord | null; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const number = record?.invoiceNumber ?? t('payments.noNumber');
  return (
    <AppModal
      opened={record !== null}
      onClose={onClose}
      title={t('upload.title', { number })}
      size="lg"
      fullScreenOnPhone
    >
      {record && <UploadBody record={record} onClose={onClose} />}
    </AppModal>
  );
}

function UploadBody({ record, onClose }: { record: PaymentRecord; onClose: () => void }) {
  const { t, i18n } = useTranslation('billing');
  const errorText = useErrorText();
  const upload = useUploadReceipt();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const maxSize = formatBytes(RECEIPT_MAX_BYTES, i18n.language);

  const reject = (rejections: FileRejection[]) => {
    const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
    setFile(null);
    setProblem(
      codes.includes('file-too-large')
        ? t('upload.tooLarge', { size: maxSize })
        : codes.includes('too-many-files')
          ? t('upload.oneFile')
          : t('upload.wrongType'),
    );
  };

  const send = () => {
    if (!file || upload.isPending) return;
    setProblem(null);
    upload.mutate(
      { id: record.id, file },
      {
        onSuccess: () => {
          showToast(
            'success',
            t('toasts.submittedBody', { number: record.invoiceNumber ?? '' }),
            t('toasts.submitted'),
            'billing-upload',
          );
          onClose();
        },
        onError: (error) => {
          const reason = errorText(errorCodeOf(error));
          setProblem(reason);
          showToast('failure', reason, t('toasts.uploadFailed'), 'billing-upload');
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('upload.description')}
      </Text>
      <Dropzone
        onDrop={(files) => {
          setProblem(null);
          setFile(files[0] ?? null);
        }}
        onReject={reject}
        accept={[...RECEIPT_MIME_TYPES]}
        maxSize={RECEIPT_MAX_BYTES}
        multiple={false}
        loading={upload.isPending}
        radius="md"
        aria-label={t('upload.dropzoneLabel')}
      >
        <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.5} color="var(--mantine-color-indigo-7)" aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} color="var(--mantine-color-red-7)" aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileUpload size={40} stroke={1.5} color="var(--mantine-color-gray-7)" aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text fw={600}>{t('upload.drop')}</Text>
            <Text size="sm" c="gray.7" mt={4}>
              {t('upload.limits', { size: maxSize })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {file && (
        <Paper withBorder radius="md" px="md" py="xs">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <IconPaperclip size={18} aria-hidden />
              <Text size="sm" fw={600} truncate>
                {file.name}
              </Text>
              <Text size="sm" c="gray.7">
                {formatBytes(file.size, i18n.language)}
              </Text>
            </Group>
            <CloseButton
              aria-label={t('upload.remove', { name: file.name })}
              onClick={() => setFile(null)}
              disabled={upload.isPending}
            />
          </Group>
        </Paper>
      )}
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button onClick={send} disabled={!file} loading={upload.isPending}>
          {t('upload.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
