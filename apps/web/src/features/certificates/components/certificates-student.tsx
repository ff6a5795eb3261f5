import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBadge, IconBrandLinkedin, IconCertificate, IconDownload, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Certificate } from '@vbuilder/shared';
import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import { TablePager } from '../../../components/data-table/table-pager.tsx';
import { usePaging } from '../../../components/data-table/use-paging.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useCertificates } from '../api/get-certificates.ts';
import { useCertificateFiles } from '../hooks/use-certificate-files.ts';
import { linkedInAddUrl } from '../lib/linkedin.ts';
import { CertificateStatusBadge } from './certificate-status-badge.tsx';

/**
 * A Student's certificates (docs/product/screens.md 'user view of earned ones'): assessment, date, status, and for
 * each the PDF, the verification link to share, the Open Badge (a PNG with the credential baked in)
 * and, while it is valid, "Add to LinkedIn".
 */
export function CertificatesStudent() {
  const { t, i18n } = useTranslation('certificates');
  const paging = usePaging();
  const certificates = useCertificates({ page: paging.page, pageSize: paging.pageSize });
  const files = useCertificateFiles();

  const columns: Column<Certificate>[] = [
    {
      key: 'assessment',
      header: t('columns.assessment'),
      primary: true,
      cell: (certificate) => (
        <>
          <Text span fw={600} size="sm" display="block">
            {certificate.assessment.title}
          </Text>
          <Text span size="xs" c="gray.7" display="block">
            {certificate.organization.name}
          </Text>
        </>
      ),
    },
    { key: 'issuedAt', header: t('columns.issued'), cell: (c) => formatDate(c.issuedAt, i18n.language) },
    {
      key: 'score',
      header: t('columns.score'),
      cell: (c) =>
        c.percentage === null ? (
          <Text span size="sm" c="gray.7">
            {t('columns.noScore')}
          </Text>
        ) : (
          t('columns.percentage', { value: c.percentage })
        ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (c) => (
        <>
          <CertificateStatusBadge status={c.status} />
          {c.revokedAt && (
            <Text span size="xs" c="gray.7" display="block" mt={2}>
              {t('student.revokedOn', { date: formatDate(c.revokedAt, i18n.language) })}
            </Text>
          )}
        </>
      ),
    },
  ];

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <div>
        <Title order={1} size="h2">
          {t('page.title')}
        </Title>
        <Text c="gray.7" size="sm" aria-live="polite">
          {certificates.data ? t('student.count', { count: certificates.data.total }) : t('student.subtitle')}
        </Text>
      </div>
      {certificates.isError && !certificates.data ? (
        <LoadErrorCard
          heading={t('load.failed')}
          error={certificates.error}
          onRetry={() => void certificates.refetch()}
          retrying={certificates.isFetching}
        />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="md">
            <DataTable
              caption={t('table.studentCaption')}
              columns={columns}
              rows={certificates.data?.items}
              rowKey={(c) => c.id}
              loading={certificates.isPending}
              refreshing={certificates.isPlaceholderData}
              minWidth={720}
              spacing="sm"
              cardActions="footer"
              actions={(c) => (
                <Group gap={6} wrap="nowrap" justify="flex-end">
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconDownload size={14} aria-hidden />}
                    loading={files.busy(c, 'pdf')}
                    onClick={() => files.downloadPdf(c)}
                    aria-label={t('student.downloadPdfOf', { assessment: c.assessment.title })}
                  >
                    {t('actions.pdf')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconLink size={14} aria-hidden />}
                    onClick={() => files.copyLink(c)}
                    aria-label={t('student.copyLinkOf', { assessment: c.assessment.title })}
                  >
                    {t('actions.link')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconBadge size={14} aria-hidden />}
                    loading={files.busy(c, 'badge')}
                    onClick={() => files.downloadBadge(c)}
                    aria-label={t('student.downloadBadgeOf', { assessment: c.assessment.title })}
                  >
                    {t('actions.badge')}
                  </Button>
                  {c.status === 'valid' && (
                    <Button
                      component="a"
                      href={linkedInAddUrl(c)}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconBrandLinkedin size={14} aria-hidden />}
                      aria-label={t('student.linkedInOf', { assessment: c.assessment.title })}
                    >
                      {t('actions.linkedIn')}
                    </Button>
                  )}
                </Group>
              )}
              empty={
                <EmptyState
                  framed={false}
                  icon={IconCertificate}
                  headingOrder={2}
                  title={t('empty.studentTitle')}
                  description={t('empty.studentDescription')}
                />
              }
            />
            <TablePager
              total={certificates.data?.total}
              page={paging.page}
              pageSize={paging.pageSize}
              onPage={paging.setPage}
              onPageSize={paging.setPageSize}
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
