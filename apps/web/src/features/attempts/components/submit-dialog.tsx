import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconCloudUpload,
  IconFlagFilled,
  IconHelpCircle,
  IconWifiOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type SubmitPhase = 'idle' | 'saving' | 'waitingForNetwork' | 'submitting';

interface Props {
  opened: boolean;
  onClose(): void;
  onConfirm(): void;
  unanswered: number;
  flagged: number;
  phase: SubmitPhase;
  /** Files and recordings still kept on this device, waiting to upload (they go before the submit). */
  filesWaiting?: number;
  /** A failure to translate, e.g. 'errors:internal_error'. */
  errorKey: string | null;
}

/**
 * 'Submit your answers?': what is still unanswered or flagged, then Submit. While answers are
 * still on their way it says so, and without a network it waits and says why.
 */
export function SubmitDialog({
  opened,
  onClose,
  onConfirm,
  unanswered,
  flagged,
  phase,
  filesWaiting = 0,
  errorKey,
}: Props) {
  const { t } = useTranslation(['attempts', 'errors', 'common']);
  const busy = phase !== 'idle';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('submit.title')}
      centered
      closeOnClickOutside={!busy}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="md">
        {unanswered === 0 && flagged === 0 ? (
          <Text>{t('submit.allAnswered')}</Text>
        ) : (
          <List spacing="xs" center>
            {unanswered > 0 && (
              <List.Item
                icon={<IconHelpCircle size={18} aria-hidden color="var(--mantine-color-orange-8)" />}
              >
                {t('submit.unanswered', { count: unanswered })}
              </List.Item>
            )}
            {flagged > 0 && (
              <List.Item
                icon={<IconFlagFilled size={18} aria-hidden color="var(--mantine-color-orange-8)" />}
              >
                {t('submit.flagged', { count: flagged })}
              </List.Item>
            )}
          </List>
        )}
        {filesWaiting > 0 && (
          <Alert color="blue" variant="light" icon={<IconCloudUpload size={18} aria-hidden />}>
            {t('submit.filesWaiting', { count: filesWaiting })}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('submit.final')}
        </Text>
        <div role="status" aria-live="polite">
          {phase === 'waitingForNetwork' && (
            <Alert color="orange" variant="light" icon={<IconWifiOff size={18} aria-hidden />}>
              {t('submit.waitingForNetwork')}
            </Alert>
          )}
          {phase === 'saving' && <Text size="sm">{t('submit.saving')}</Text>}
          {phase === 'submitting' && <Text size="sm">{t('submit.submitting')}</Text>}
        </div>
        {errorKey && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {t(errorKey)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {busy ? t('submit.keepWorking') : t('submit.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={busy} data-autofocus>
            {t('submit.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
