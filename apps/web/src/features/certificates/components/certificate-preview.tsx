import { Box, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconAward, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  fillCertificateBody,
  type CertificatePlaceholder,
  type CertificateTemplateBody,
} from '@vbuilder/shared';

/** A size on the A4 landscape page (842 pt wide) as a share of the preview's width, never under `min`. */
const pt = (points: number, min: number) => `max(${min}px, ${((points / 842) * 100).toFixed(2)}cqi)`;

/**
 * The live preview of a template: a card laid out like the PDF (frame in the primary and accent
 * colours, logo, title, rule, the holder's name, the body with its placeholders filled by the
 * shared fillCertificateBody, signatory and date at the foot, the QR code between them).
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
  const footLine = { borderTop: '1px solid var(--mantine-color-gray-5)', paddingTop: 4 } as const;
  return (
    <Box
      role="figure"
      aria-label={t('template.previewLabel')}
      data-testid="certificate-preview"
      style={{
        border: `${pt(10, 4)} solid ${template.primaryColor}`,
        borderRadius: 8,
        background: '#fff',
        aspectRatio: '297 / 210',
        width: '100%',
        containerType: 'inline-size',
        overflow: 'hidden',
        boxShadow: 'var(--mantine-shadow-sm)',
      }}
    >
      <Stack
        justify="space-between"
        gap={0}
        style={{
          border: `1.5px solid ${template.accentColor}`,
          margin: pt(10, 4),
          height: `calc(100% - 2 * ${pt(10, 4)})`,
          padding: `${pt(24, 8)} ${pt(40, 12)} ${pt(18, 6)}`,
        }}
      >
        <Stack align="center" gap={pt(8, 2)} style={{ flex: 1, justifyContent: 'center', minHeight: 0 }}>
          {logoUrl ? (
            <Image src={logoUrl} alt="" h={pt(56, 20)} w="auto" fit="contain" />
          ) : (
            <IconAward size={pt(44, 18)} color={template.accentColor} stroke={1.5} aria-hidden />
          )}
          <Title
            order={3}
            ta="center"
            c={template.primaryColor}
            style={{ fontSize: pt(30, 15), lineHeight: 1.15, overflowWrap: 'anywhere' }}
          >
            {template.title}
          </Title>
          <Box w={pt(120, 40)} h={2} bg={template.accentColor} my={pt(6, 2)} />
          <Text
            fw={700}
            ta="center"
            style={{ fontSize: pt(32, 15), lineHeight: 1.2, overflowWrap: 'anywhere' }}
          >
            {values.student}
          </Text>
          <Text
            ta="center"
            maw="88%"
            style={{
              fontSize: pt(15, 11),
              lineHeight: 1.5,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {body}
          </Text>
        </Stack>
        <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs">
          <Box w="28%" ta="center" style={footLine}>
            <Text fw={700} truncate style={{ fontSize: pt(11, 9) }}>
              {template.signatoryName || values.organization}
            </Text>
            <Text c="gray.7" truncate style={{ fontSize: pt(9.5, 8) }}>
              {template.signatoryName ? template.signatoryTitle : t('template.noSignatory')}
            </Text>
          </Box>
          <Stack align="center" gap={2}>
            <IconQrcode size={pt(48, 20)} stroke={1.3} aria-hidden />
            <Text c="gray.7" style={{ fontSize: pt(8, 7) }}>
              {t('template.previewCode')}
            </Text>
          </Stack>
          <Box w="28%" ta="center" style={footLine}>
            <Text fw={700} truncate style={{ fontSize: pt(11, 9) }}>
              {values.date}
            </Text>
            <Text c="gray.7" truncate style={{ fontSize: pt(9.5, 8) }}>
              {t('placeholders.date')}
            </Text>
          </Box>
        </Group>
      </Stack>
    </Box>
  );
}
