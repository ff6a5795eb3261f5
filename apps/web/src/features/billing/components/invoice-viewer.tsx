import { useEffect, useState } from 'react';
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentRecord } from '@vbuilder/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useInvoice } from '../api/get-invoice.ts';

/**
 * 'View invoice': the PDF fetched through the API client (it carries the token; a plain link
 * would not), shown from a blob address with Download and Open in a new tab (phones rarely show
 * a PDF inside a page). The address is released when the viewer closes.
 */
export function InvoiceViewer({ record, onClose }: { record: PaymentRecord | null; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const number = record?.invoiceNumber ?? t('payments.noNumber');
  return (
    <AppModal
      opened={record !== null}
      onClose={onClose}
      title={t('invoice.title', { number })}
      size="xl"
      fullScreenOnPhone
    >
      {record && <InvoiceBody record={record} number={number} />}
    </AppModal>
  );
}

function InvoiceBody({ record, number }: { record: PaymentRecord; number: string }) {
  const { t } = useTranslation('billing');
  const errorText = useErrorText();
  const invoice = useInvoice(record.id);
  const [url, setUrl] = useState<string | null>(null);
  const blob = invoice.data?.blob;
  useEffect(() => {
    if (!blob) return;
    const address = URL.createObjectURL(blob);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [blob]);
  const fileName = invoice.data?.fileName ?? `${number}.pdf`;

  if (invoice.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        role="alert"
        title={t('invoice.failed')}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(errorCodeOf(invoice.error))}</Text>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void invoice.refetch()}
            loading={invoice.isFetching}
          >
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!url) {
    return (
      <Group justify="center" py="xl" gap="sm" aria-busy>
        <Loader size="sm" />
        <Text size="sm" c="gray.7">
          {t('invoice.loading')}
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="flex-end" gap="sm">
        <Button
          component="a"
          href={url}
          download={fileName}
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t('invoice.download')}
        </Button>
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconExternalLink size={16} aria-hidden />}
        >
          {t('invoice.openTab')}
        </Button>
      </Group>
      <Box
        component="iframe"
        src={url}
        title={t('invoice.frameTitle', { number })}
        w="100%"
        h="70vh"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      />
    </Stack>
  );
}
