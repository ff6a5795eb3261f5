import { Box, Divider, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  fillCertificateBody,
  type CertificatePlaceholder,
  type CertificateTemplateBody,
} from '@vbuilder/shared';

/**
 * The live preview of a template: a rendered card laid out like the PDF (title, body with its
 * placeholders filled by the shared fillCertificateBody, signatory, code), in the template's colours.
 */
export function CertificatePreview({
  template,
  values,
  logoUrl,
}: {
  template: CertificateTemplateBody;
  values: Record<CertificatePlaceholder, string>;
  logoUrl: string | null;
}) {
  const { t } = useTranslation('certificates');
  const body = fillCertificateBody(template.body, values);
  return (
    <Box
      role="figure"
      aria-label={t('template.previewLabel')}
      data-testid="certificate-preview"
      style={{
        border: `6px solid ${template.primaryColor}`,
        borderRadius: 12,
        background: '#fff',
        aspectRatio: '297 / 210',
        width: '100%',
        containerType: 'inline-size',
        overflow: 'hidden',
      }}
    >
      <Stack
        h="100%"
        justify="space-between"
        gap={0}
        p="4cqi"
        style={{
          border: `2px solid ${template.accentColor}`,
          margin: '1.2cqi',
          height: 'calc(100% - 2.4cqi)',
          borderRadius: 6,
        }}
      >
        <Stack align="center" gap="1.2cqi">
          {logoUrl ? (
            <Image src={logoUrl} alt="" h="8cqi" w="auto" fit="contain" />
          ) : (
            <IconAward size="8cqi" color={template.accentColor} aria-hidden />
          )}
          <Title
            order={3}
            ta="center"
            c={template.primaryColor}
            style={{ fontSize: 'max(14px, 4.4cqi)', lineHeight: 1.15, overflowWrap: 'anywhere' }}
          >
            {template.title}
          </Title>
          <Text
            ta="center"
            style={{ fontSize: 'max(10px, 2.3cqi)', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {body}
          </Text>
        </Stack>
        <Group justify="space-between" align="flex-end" wrap="nowrap" gap="md">
          <Stack gap={2} miw={0}>
            <Divider color={template.accentColor} size={2} w="24cqi" />
            <Text fw={700} style={{ fontSize: 'max(9px, 1.9cqi)' }} truncate>
              {template.signatoryName || t('template.noSignatory')}
            </Text>
            <Text c="gray.7" style={{ fontSize: 'max(9px, 1.7cqi)' }} truncate>
              {template.signatoryTitle}
            </Text>
          </Stack>
          <Text c="gray.7" ta="end" style={{ fontSize: 'max(8px, 1.5cqi)' }}>
            {t('template.previewCode')}
          </Text>
        </Group>
      </Stack>
    </Box>
  );
}
