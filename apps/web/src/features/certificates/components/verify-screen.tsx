import { Anchor, Box, Container, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconCircleX, IconQuestionMark } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CERTIFICATE_CODE_PATTERN, type CertificateVerification } from '@vbuilder/shared';
import { Brand } from '../../../components/layout/brand.tsx';
import { LanguagePicker } from '../../../components/layout/language-picker.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useVerification } from '../api/verify.ts';
import { VerifyLookup } from './verify-lookup.tsx';

/**
 * /verify/{code} (public, no sign-in): what the certificate states (holder, assessment,
 * organization, issued date) and whether it is Valid (green) or Revoked (red, with the date); an
 * unknown code says so. In the reader's language, with the public pages' language picker.
 */
export function VerifyScreen({ code }: { code: string }) {
  const { t } = useTranslation('certificates');
  useDocumentTitle(t('verify.documentTitle'));
  const normalized = code.trim().toUpperCase();
  const wellFormed = CERTIFICATE_CODE_PATTERN.test(normalized);

  return (
    <Box
      mih="100dvh"
      style={{
        background:
          'linear-gradient(160deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-gray-0) 45%, var(--mantine-color-white) 100%)',
      }}
    >
      <Container size={560} px="md" py={{ base: 'md', sm: 40 }}>
        <Group component="header" justify="space-between" wrap="nowrap" mb={{ base: 'md', sm: 'xl' }}>
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('verify.home')}>
            <Brand />
          </Anchor>
          <LanguagePicker />
        </Group>
        <Box component="main">
          <Stack gap={4} mb="md">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('verify.title')}
            </Title>
            <Text c="gray.7" size="sm">
              {t('verify.subtitle')}
            </Text>
          </Stack>
          {normalized === '' ? (
            <VerifyLookup />
          ) : (
            <>
              {wellFormed ? <Verification code={normalized} /> : <Unknown code={code} />}
              <Text size="xs" c="gray.7" mt="md" ta="center" style={{ overflowWrap: 'anywhere' }}>
                {t('verify.code', { code: normalized })}
              </Text>
            </>
          )}
        </Box>
      </Container>
    </Box>
  );
}

function Verification({ code }: { code: string }) {
  const { t } = useTranslation('certificates');
  const verification = useVerification(code);
  if (verification.isPending) {
    return (
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }} aria-busy="true">
        <Text size="sm" c="gray.7" mb="md">
          {t('verify.checking')}
        </Text>
        <Skeleton h={24} mb="sm" />
        <Skeleton h={18} w="70%" mb="sm" />
        <Skeleton h={18} w="50%" />
      </Paper>
    );
  }
  if (verification.isError) {
    if (errorCodeOf(verification.error) === 'certificate_not_found') return <Unknown code={code} />;
    return (
      <LoadErrorCard
        heading={t('verify.failed')}
        error={verification.error}
        onRetry={() => void verification.refetch()}
        retrying={verification.isFetching}
      />
    );
  }
  return <Result verification={verification.data} />;
}

function Unknown({ code }: { code: string }) {
  const { t } = useTranslation('certificates');
  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }} data-verification="unknown">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconQuestionMark size={30} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('verify.unknownTitle')}
        </Title>
        <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {t('verify.unknownDescription', { code })}
        </Text>
      </Stack>
    </Paper>
  );
}

function Result({ verification }: { verification: CertificateVerification }) {
  const { t, i18n } = useTranslation('certificates');
  const valid = verification.status === 'valid';
  const color = valid ? 'green' : 'red';
  // Mantine's green.9 is about 3.9:1 on green.0: a darker green keeps the words above 4.5:1.
  const ink = valid ? '#1b5e20' : 'var(--mantine-color-red-9)';
  const facts: [string, string][] = [
    [t('verify.holder'), verification.holderName],
    [t('verify.assessment'), verification.assessmentTitle],
    [t('verify.organization'), verification.organizationName],
    [t('verify.issued'), formatDate(verification.issuedAt, i18n.language)],
  ];
  return (
    <Paper
      withBorder
      shadow="md"
      radius="lg"
      style={{ overflow: 'hidden', borderTop: `6px solid var(--mantine-color-${color}-7)` }}
      data-verification={verification.status}
    >
      <Group
        gap="md"
        wrap="nowrap"
        p={{ base: 'lg', sm: 'xl' }}
        bg={valid ? 'green.0' : 'red.0'}
        role="status"
      >
        <ThemeIcon size={52} radius="xl" color={color} variant="filled">
          {valid ? <IconCircleCheck size={32} aria-hidden /> : <IconCircleX size={32} aria-hidden />}
        </ThemeIcon>
        <div>
          <Title order={2} size="h3" c={ink}>
            {valid ? t('verify.valid') : t('verify.revoked')}
          </Title>
          <Text size="sm" c={ink}>
            {valid
              ? t('verify.validDescription')
              : verification.revokedAt
                ? t('verify.revokedOn', { date: formatDate(verification.revokedAt, i18n.language) })
                : t('verify.revokedDescription')}
          </Text>
        </div>
      </Group>
      <Stack gap={0} px={{ base: 'lg', sm: 'xl' }} py="sm" component="dl" m={0}>
        {facts.map(([label, value], index) => (
          <Box
            key={label}
            py="sm"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
          >
            <Text component="dt" size="sm" c="gray.7">
              {label}
            </Text>
            <Text component="dd" m={0} fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
