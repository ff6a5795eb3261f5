import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconFileUpload, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentRecord } from '@vbuilder/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { ChosenFile, FileDrop, rejectionOf } from '../../../components/forms/file-drop.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { formatBytes } from '../../../lib/format.ts';
import { RECEIPT_MAX_BYTES, RECEIPT_MIME_TYPES, useUploadReceipt } from '../api/upload-receipt.ts';
import { useFailureToast } from '../hooks/use-failure-toast.ts';

/**
 * The upload modal (docs/product/screens.md): the proof of payment for a pending invoice, a PDF or an image up to
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
  const failed = useFailureToast();
  const upload = useUploadReceipt();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const maxSize = formatBytes(RECEIPT_MAX_BYTES, i18n.language);

  const reject = (rejections: FileRejection[]) => {
    const why = rejectionOf(rejections);
    setFile(null);
    setProblem(
      why === 'too-large'
        ? t('upload.tooLarge', { size: maxSize })
        : why === 'too-many'
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
        onError: (error) => setProblem(failed(error, t('toasts.uploadFailed'), 'billing-upload')),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('upload.description')}
      </Text>
      <FileDrop
        onDrop={(files) => {
          setProblem(null);
          setFile(files[0] ?? null);
        }}
        onReject={reject}
        accept={[...RECEIPT_MIME_TYPES]}
        maxSize={RECEIPT_MAX_BYTES}
        multiple={false}
        loading={upload.isPending}
        label={t('upload.dropzoneLabel')}
        title={t('upload.drop')}
        hint={t('upload.limits', { size: maxSize })}
        idleIcon={IconFileUpload}
      />
      {file && (
        <ChosenFile
          file={file}
          icon={IconPaperclip}
          locale={i18n.language}
          removeLabel={t('upload.remove', { name: file.name })}
          onRemove={() => setFile(null)}
          disabled={upload.isPending}
        />
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
