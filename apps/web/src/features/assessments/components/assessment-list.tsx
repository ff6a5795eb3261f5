import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { managesAssessment, type UserProfile } from '@vbuilder/shared';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { mayOpen, SUBSCRIPTION_ACCESS } from '../../../components/layout/navigation.ts';
import { TablePager } from '../../../components/data-table/table-pager.tsx';
import { useServerTable } from '../../../components/data-table/use-server-table.ts';
import { useAssessments } from '../api/get-assessments.ts';
import { assessmentPaths } from '../lib/assessment-paths.ts';
import { useAllowance } from '../lib/use-allowance.ts';
import { assessmentColumns, type AssessmentSortField } from './assessment-list-columns.tsx';
import { AssessmentListEmpty } from './assessment-list-empty.tsx';
import { AssessmentListError } from './assessment-list-error.tsx';
import { AssessmentListFilters, type ListFilters } from './assessment-list-filters.tsx';
import { StaffRowActions, StudentRowActions } from './assessment-row-actions.tsx';
import { UPGRADE_PROMPT_ID, UsageCard } from './usage-card.tsx';

export type ListViewer = Pick<UserProfile, 'id' | 'role' | 'organizationId'>;

/**
 * The assessment list (docs/product/screens.md): staff see their organization's assessments with the usage card, a
 * create button (disabled at the monthly limit), and Submissions, View, Edit, Duplicate and Delete;
 * students see the published ones assigned to them with Take, Continue, View Results and Retake.
 * Search, filters, sorting and pages all run on the server.
 */
export function AssessmentListScreen({ viewer }: { viewer: ListViewer }) {
  const { t, i18n } = useTranslation('assessments');
  const staff = viewer.role !== 'Student';
  // Staff: the newest first; students: the latest windows first (an unset start sorts last).
  const table = useServerTable<AssessmentSortField>(staff ? 'createdAt' : 'startsAt', 'desc');
  const [filters, setFilters] = useState<ListFilters>({});
  const list = useAssessments({ ...table.params, ...filters });
  const allowance = useAllowance(staff ? viewer.organizationId : null);
  const showUsage = staff && Boolean(viewer.organizationId);
  const createHref = allowance.limitReached ? null : assessmentPaths.create(viewer.id);

  const filtered = Boolean(table.params.search) || Object.values(filters).some(Boolean);
  const clearFilters = () => {
    setFilters({});
    table.clearSearch();
  };
  const columns = assessmentColumns({ t, locale: i18n.resolvedLanguage, staff, userId: viewer.id });

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} size="h2">
            {t('list.title')}
          </Title>
          <Text c="gray.7" size="sm" aria-live="polite">
            {list.data
              ? t('list.count', { count: list.data.total })
              : t(staff ? 'list.subtitleStaff' : 'list.subtitleStudent')}
          </Text>
        </div>
        {staff &&
          (createHref ? (
            <Button component={Link} to={createHref} leftSection={<IconPlus size={16} aria-hidden />}>
              {t('list.create')}
            </Button>
          ) : (
            <Button
              disabled
              leftSection={<IconPlus size={16} aria-hidden />}
              aria-describedby={UPGRADE_PROMPT_ID}
            >
              {t('list.create')}
            </Button>
          ))}
      </Group>

      {showUsage && (
        <UsageCard allowance={allowance} canUpgrade={mayOpen(SUBSCRIPTION_ACCESS, viewer.role)} />
      )}

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <AssessmentListFilters
            search={table.searchInput}
            onSearch={table.setSearch}
            onClearSearch={table.clearSearch}
            filters={filters}
            onFilters={(next) => {
              setFilters(next);
              table.resetPage();
            }}
            showStatus={staff}
          />
          {list.isError && !list.data ? (
            <AssessmentListError
              error={list.error}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          ) : (
            <DataTable
              caption={t('list.caption')}
              columns={columns}
              rows={list.data?.items}
              rowKey={(assessment) => assessment.id}
              firstRowNumber={(table.params.page - 1) * table.params.pageSize + 1}
              sort={table.params.sort}
              order={table.params.order}
              onToggleSort={table.toggleSort}
              onSort={table.setSort}
              loading={list.isPending}
              refreshing={list.isPlaceholderData}
              empty={
                <AssessmentListEmpty
                  audience={staff ? 'staff' : 'student'}
                  filtered={filtered}
                  onClearFilters={clearFilters}
                  createHref={createHref}
                />
              }
              actions={(assessment) =>
                staff ? (
                  <StaffRowActions
                    assessment={assessment}
                    userId={viewer.id}
                    limitReached={allowance.limitReached}
                    mayDelete={managesAssessment(viewer, { createdBy: assessment.createdBy?.id ?? null })}
                  />
                ) : (
                  <StudentRowActions assessment={assessment} userId={viewer.id} />
                )
              }
              minWidth={880}
              spacing="sm"
              cardActions={staff ? 'header' : 'footer'}
            />
          )}
          <TablePager
            total={list.data?.total}
            page={table.params.page}
            pageSize={table.params.pageSize}
            onPage={table.setPage}
            onPageSize={table.setPageSize}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
