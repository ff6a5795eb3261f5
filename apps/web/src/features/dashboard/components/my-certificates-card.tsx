import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useMyCertificates } from '../api/get-dashboard-cards.ts';
import { useNumbers } from '../lib/numbers.ts';
import { DashboardCard, Figure } from './dashboard-card.tsx';

/** The certificates a Student has earned (valid ones), the latest first. */
export function MyCertificatesCard({ userId }: { userId: string }) {
  const { t } = useTranslation('dashboard');
  const { locale, count, percent } = useNumbers();
  const query = useMyCertificates();
  return (
    <DashboardCard
      id="my-certificates"
      title={t('certificates.title')}
      query={query}
      action={{ label: t('certificates.open'), to: `/account/certifications/${userId}` }}
    >
      {(data) => (
        <>
          <Figure value={count(data.total)} label={t('certificates.earned')} />
          {data.items.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t('certificates.none')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {data.items.map((c) => (
                <Group key={c.id} component="li" gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" color="yellow" radius="xl" aria-hidden>
                    <IconCertificate size={18} />
                  </ThemeIcon>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {c.assessmentTitle}
                    </Text>
                    <Text size="sm" c="gray.7">
                      <time dateTime={c.issuedAt}>{formatDate(c.issuedAt, locale)}</time>
                      {c.percentage !== null && ` · ${percent(c.percentage)}`}
                    </Text>
                  </div>
                </Group>
              ))}
            </Stack>
          )}
        </>
      )}
    </DashboardCard>
  );
}
