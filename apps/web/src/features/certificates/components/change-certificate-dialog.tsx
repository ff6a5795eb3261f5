import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CERTIFICATE_LIMITS, type Certificate } from '@vbuilder/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { ServerErrorAlert } from '../../../components/forms/server-error-alert.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { codeOf } from '../../../lib/api-errors.ts';
import { useReissueCertificate, useRevokeCertificate } from '../api/certificate-actions.ts';

export type CertificateChange = 'revoke' | 'reissue';

/**
 * The confirmation of revoking (a reason is required: the holder and anyone verifying see the
 * certificate as Revoked) or reissuing (a new certificate with a new code replaces this one; the
 * reason is optional) one certificate.
 */
export function ChangeCertificateDialog({
  certificate,
  change,
  onClose,
}: {
  certificate: Certificate | null;
  change: CertificateChange;
  onClose: () => void;
}) {
  const { t } = useTranslation('certificates');
  const revoke = useRevokeCertificate();
  const reissue = useReissueCertificate();
  const mutation = change === 'revoke' ? revoke : reissue;
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const names = { student: certificate?.holder.name ?? '', assessment: certificate?.assessment.title ?? '' };
  const text =
    change === 'revoke'
      ? {
          title: t('revoke.title', names),
          body: t('revoke.body', names),
          reason: t('revoke.reason'),
          confirm: t('revoke.confirm'),
        }
      : {
          title: t('reissue.title', names),
          body: t('reissue.body', names),
          reason: t('reissue.reason'),
          confirm: t('reissue.confirm'),
        };

  const close = () => {
    setReason('');
    setMissing(false);
    revoke.reset();
    reissue.reset();
    onClose();
  };

  const submit = async () => {
    if (!certificate) return;
    const trimmed = reason.trim();
    if (change === 'revoke' && !trimmed) {
      setMissing(true);
      return;
    }
    try {
      if (change === 'revoke') {
        await revoke.mutateAsync({ id: certificate.id, reason: trimmed });
        showToast('success', t('revoke.done', names), t('revoke.doneTitle'));
      } else {
        await reissue.mutateAsync({ id: certificate.id, ...(trimmed ? { reason: trimmed } : {}) });
        showToast('success', t('reissue.done', names), t('reissue.doneTitle'));
      }
      close();
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <AppModal opened={certificate !== null} onClose={close} title={text.title}>
      <Stack gap="md">
        <Text size="sm">{text.body}</Text>
        <Textarea
          label={text.reason}
          description={change === 'revoke' ? t('revoke.reasonHint') : undefined}
          required={change === 'revoke'}
          autosize
          minRows={2}
          maxLength={CERTIFICATE_LIMITS.reasonMax}
          value={reason}
          error={missing ? t('revoke.reasonRequired') : undefined}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
        />
        <ServerErrorAlert code={mutation.isError ? (codeOf(mutation.error) ?? 'internal_error') : null} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('dialog.cancel')}
          </Button>
          <Button
            color={change === 'revoke' ? 'red' : 'indigo'}
            loading={mutation.isPending}
            onClick={() => void submit()}
          >
            {text.confirm}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
