import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAward, IconCertificate, IconPalette } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CERTIFICATE_STATUSES, type Certificate, type CertificateStatus } from '@vbuilder/shared';
import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import { NoMatchState } from '../../../components/data-table/no-match-state.tsx';
import { SearchField } from '../../../components/data-table/search-field.tsx';
import { TablePager } from '../../../components/data-table/table-pager.tsx';
import { useServerTable } from '../../../components/data-table/use-server-table.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSearchParam } from '../../../lib/use-search-param.ts';
import { useCertificates } from '../api/get-certificates.ts';
import { useAssessmentOptions } from '../api/give-options.ts';
import { GIVE_PARAM } from '../lib/paths.ts';
import { CertificateRowActions } from './certificate-row-actions.tsx';
import { CertificateStatusBadge } from './certificate-status-badge.tsx';
import { ChangeCertificateDialog, type CertificateChange } from './change-certificate-dialog.tsx';
import { GiveCertificatesDialog } from './give-certificates-dialog.tsx';
import { TemplateEditor } from './template-editor.tsx';

type Tab = 'certificates' | 'template';

/**
 * An Administrator's certificates (docs/product/screens.md 'admin view to give certificates'): the organization's
 * certificates (filtered by assessment and status, searched by student), giving them, revoking
 * and reissuing each, and the template with its live preview. `?give=<assessmentId>` (the
 * submissions screen's link) opens the give dialog preset to that assessment.
 */
export function CertificatesAdmin() {
  const { t, i18n } = useTranslation('certificates');
  const [presetAssessment, setPresetAssessment] = useSearchParam(GIVE_PARAM);
  const [tab, setTab] = useState<Tab>('certificates');
  const [giving, setGiving] = useState(Boolean(presetAssessment));
  const [assessmentId, setAssessmentId] = useState<string | null>(null);
  const [status, setStatus] = useState<CertificateStatus | null>(null);
  const [changing, setChanging] = useState<{ certificate: Certificate; change: CertificateChange } | null>(
    null,
  );
  const table = useServerTable('issuedAt', 'desc');
  const assessments = useAssessmentOptions();
  const certificates = useCertificates({
    page: table.params.page,
    pageSize: table.params.pageSize,
    ...(assessmentId ? { assessmentId } : {}),
    ...(status ? { status } : {}),
    ...(table.params.search ? { search: table.params.search } : {}),
  });

  const filtered = Boolean(assessmentId || status || table.params.search);
  const clearFilters = () => {
    setAssessmentId(null);
    setStatus(null);
    table.clearSearch();
  };
  const closeGive = () => {
    setGiving(false);
    if (presetAssessment) setPresetAssessment(null);
  };

  const columns: Column<Certificate>[] = [
    {
      key: 'student',
      header: t('columns.student'),
      primary: true,
      cell: (certificate) => (
        <Text span fw={600} size="sm">
          {certificate.holder.name}
        </Text>
      ),
    },
    {
      key: 'assessment',
      header: t('columns.assessment'),
      cell: (certificate) => certificate.assessment.title,
    },
    {
      key: 'issuedAt',
      header: t('columns.issued'),
      cell: (certificate) => (
        <>
          <Text span size="sm" display="block">
            {formatDate(certificate.issuedAt, i18n.language)}
          </Text>
          <Text span size="xs" c="gray.7" display="block">
            {certificate.issuedBy ? certificate.issuedBy.name : t('columns.automatic')}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (certificate) => (
        <>
          <CertificateStatusBadge status={certificate.status} />
          {certificate.revokedAt && (
            <Text span size="xs" c="gray.7" display="block" mt={2}>
              {formatDate(certificate.revokedAt, i18n.language)}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'code',
      header: t('columns.code'),
      cell: (certificate) => (
        <Text span size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {certificate.code}
        </Text>
      ),
    },
  ];

  const total = certificates.data?.total;
  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          <Text c="gray.7" size="sm" aria-live="polite">
            {total !== undefined && !filtered ? t('page.count', { count: total }) : t('page.adminSubtitle')}
          </Text>
        </div>
        <Button leftSection={<IconAward size={16} aria-hidden />} onClick={() => setGiving(true)}>
          {t('give.open')}
        </Button>
      </Group>

      <Tabs
        value={tab}
        onChange={(value) => setTab((value as Tab | null) ?? 'certificates')}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="certificates" leftSection={<IconCertificate size={16} aria-hidden />}>
            {t('tabs.certificates')}
          </Tabs.Tab>
          <Tabs.Tab value="template" leftSection={<IconPalette size={16} aria-hidden />}>
            {t('tabs.template')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="certificates">
          <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
            <Stack gap="md">
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label={t('filters.assessment')}
                  placeholder={t('filters.allAssessments')}
                  clearable
                  searchable
                  value={assessmentId}
                  onChange={(value) => {
                    setAssessmentId(value);
                    table.resetPage();
                  }}
                  data={(assessments.data?.items ?? []).map((item) => ({
                    value: item.id,
                    label: item.title,
                  }))}
                  w={{ base: '100%', sm: 280 }}
                />
                <Select
                  label={t('filters.status')}
                  placeholder={t('filters.allStatuses')}
                  clearable
                  value={status}
                  onChange={(value) => {
                    setStatus(value as CertificateStatus | null);
                    table.resetPage();
                  }}
                  data={CERTIFICATE_STATUSES.map((value) => ({
                    value,
                    label: value === 'valid' ? t('status.valid') : t('status.revoked'),
                  }))}
                  w={{ base: '100%', sm: 180 }}
                />
                <SearchField
                  label={t('filters.search')}
                  placeholder={t('filters.searchPlaceholder')}
                  value={table.searchInput}
                  onChange={table.setSearch}
                  onClear={table.clearSearch}
                  w={{ base: '100%', sm: 280 }}
                />
              </Group>
              {certificates.isError && !certificates.data ? (
                <LoadErrorCard
                  heading={t('load.failed')}
                  error={certificates.error}
                  onRetry={() => void certificates.refetch()}
                  retrying={certificates.isFetching}
                />
              ) : (
                <DataTable
                  caption={t('table.adminCaption')}
                  columns={columns}
                  rows={certificates.data?.items}
                  rowKey={(certificate) => certificate.id}
                  loading={certificates.isPending}
                  refreshing={certificates.isPlaceholderData}
                  minWidth={900}
                  spacing="sm"
                  actions={(certificate) => (
                    <CertificateRowActions
                      certificate={certificate}
                      onRevoke={(c) => setChanging({ certificate: c, change: 'revoke' })}
                      onReissue={(c) => setChanging({ certificate: c, change: 'reissue' })}
                    />
                  )}
                  empty={
                    filtered ? (
                      <NoMatchState
                        title={t('noMatch.title')}
                        description={t('noMatch.description')}
                        clearLabel={t('noMatch.clear')}
                        onClear={clearFilters}
                      />
                    ) : (
                      <EmptyState
                        framed={false}
                        icon={IconCertificate}
                        headingOrder={2}
                        title={t('empty.adminTitle')}
                        description={t('empty.adminDescription')}
                      >
                        <Button variant="light" onClick={() => setGiving(true)}>
                          {t('give.open')}
                        </Button>
                      </EmptyState>
                    )
                  }
                />
              )}
              <TablePager
                total={certificates.data?.total}
                page={table.params.page}
                pageSize={table.params.pageSize}
                onPage={table.setPage}
                onPageSize={table.setPageSize}
              />
            </Stack>
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="template">
          <TemplateEditor />
        </Tabs.Panel>
      </Tabs>

      <GiveCertificatesDialog opened={giving} onClose={closeGive} initialAssessmentId={presetAssessment} />
      <ChangeCertificateDialog
        certificate={changing?.certificate ?? null}
        change={changing?.change ?? 'revoke'}
        onClose={() => setChanging(null)}
      />
    </Stack>
  );
}
