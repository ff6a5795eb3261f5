import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { IconExternalLink, IconHeadset, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useExternalLinks } from '../../../components/layout/use-external-links.ts';

/**
 * docs/product/screens.md: a support contact for an activation that takes long. The address comes from the
 * server's configuration and is not shown (deployment-specific): a mail button names the
 * contact instead; without a billing address, the support site; without either, the words alone.
 */
export function SupportContact() {
  const { t } = useTranslation('billing');
  const { billingSupportEmail, supportUrl } = useExternalLinks();
  const mailto = billingSupportEmail
    ? `mailto:${billingSupportEmail}?subject=${encodeURIComponent(t('support.subject'))}`
    : null;
  return (
    <Box component="aside" aria-label={t('support.title')}>
      <Alert
        color="blue"
        variant="light"
        icon={<IconHeadset size={18} aria-hidden />}
        title={t('support.title')}
        // Advice, not an alert: nothing is announced when the page opens.
        role="note"
      >
        <Group justify="space-between" gap="sm" align="center">
          <Text size="sm" maw={640}>
            {t('support.body')}
          </Text>
          {mailto ? (
            <Button
              component="a"
              href={mailto}
              variant="white"
              size="sm"
              leftSection={<IconMail size={16} aria-hidden />}
            >
              {t('support.mail')}
            </Button>
          ) : supportUrl ? (
            <Button
              component="a"
              href={supportUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="white"
              size="sm"
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t('support.site')}
            </Button>
          ) : null}
        </Group>
      </Alert>
    </Box>
  );
}
