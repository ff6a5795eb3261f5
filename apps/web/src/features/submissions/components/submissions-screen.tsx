import { useState } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../components/data-table/use-server-table.ts';
import { useSubmissions } from '../api/get-submissions.ts';
import { ExportButtons } from './export-buttons.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { ItemAnalysisTab } from './item-analysis-tab.tsx';
import { RegradeTab } from './regrade-tab.tsx';
import { StudentStatusTab } from './student-status-tab.tsx';
import { SubmissionDetailsDialog } from './submission-details-dialog.tsx';
import { SubmissionStats } from './submission-stats.tsx';
import { SubmissionsTab, type StatusFilter } from './submissions-tab.tsx';
import { BackLink } from './back-link.tsx';

/** What the header shows of the assessment; undefined while it loads. */
export interface SubmissionsAssessmentInfo {
  title: string;
  subject: string;
  passMark: number;
  /** Its time limit, for the extra-time dialog. */
  durationMinutes?: number | null;
}

interface Props {
  assessmentId: string;
  /** undefined while it loads; null when it could not be loaded (the submissions still show). */
  assessment: SubmissionsAssessmentInfo | null | undefined;
  /** The assessment does not exist (or is another organization's). */
  assessmentMissing: boolean;
  /** The assessment list the back link returns to. */
  backTo: string;
  /** The manual marking page of one student. */
  markingPath: (studentId: string) => string;
  /** Administrators: the certificates screen with its give dialog preset to this assessment. */
  giveCertificatesPath?: string;
  /** Those who mark (not the platform team) fix a question's key and regrade. */
  canRegrade?: boolean;
  /** The assessment's author and the organization's administrators release its results. */
  canRelease?: boolean;
}

const TABS = ['submissions', 'students', 'items', 'regrade'] as const;
type Tab = (typeof TABS)[number];

/** The tab a link asks for (`?tab=regrade`, the editor's "Open Regrade"), else Submissions. */
const tabOf = (value: string | null): Tab => TABS.find((tab) => tab === value) ?? 'submissions';

/**
 * Submissions (docs/product/screens.md): the assessment's title, the figures (submitted, passed, pass rate,
 * pending marking, average), tabs Submissions, Student Status and Item analysis, details of each attempt,
 * export of results and the PDF report.
 */
export function SubmissionsScreen({
  assessmentId,
  assessment,
  assessmentMissing,
  backTo,
  markingPath,
  giveCertificatesPath,
  canRegrade = false,
  canRelease = false,
}: Props) {
  const { t } = useTranslation(['submissions', 'regrades']);
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>(() => tabOf(searchParams.get('tab')));
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const submissions = useSubmissions(assessmentId, {
    page,
    pageSize,
    ...(filter === 'all' ? {} : { status: filter }),
  });

  const back = <BackLink to={backTo}>{t('page.back')}</BackLink>;

  if (assessmentMissing) {
    return (
      <Stack gap="lg" maw={1280} mx="auto" w="100%">
        {back}
        <Title order={1} size="h2">
          {t('page.title')}
        </Title>
        <LoadErrorCard heading={t('notFound.assessment')} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      {back}
      <Group justify="space-between" align="flex-end" gap="md">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={700} c="blue.8" tt="uppercase">
            {t('page.title')}
          </Text>
          {assessment ? (
            <>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {assessment.title}
              </Title>
              <Text size="sm" c="gray.7">
                {t('page.subtitle', { subject: assessment.subject, passMark: assessment.passMark })}
              </Text>
            </>
          ) : assessment === null ? (
            <Title order={1} size="h2">
              {t('load.dataNotAvailable')}
            </Title>
          ) : (
            <>
              <Title order={1} size="h2">
                <VisuallyHidden>{t('page.loading')}</VisuallyHidden>
                <Skeleton h={28} w={280} component="span" display="block" aria-hidden />
              </Title>
              <Skeleton h={14} w={180} mt={6} />
            </>
          )}
        </div>
        <Group gap="sm">
          {giveCertificatesPath && (
            <Button
              component={Link}
              to={giveCertificatesPath}
              variant="light"
              leftSection={<IconAward size={16} aria-hidden />}
            >
              {t('page.giveCertificates')}
            </Button>
          )}
          {assessment !== undefined && (
            <ExportButtons assessmentId={assessmentId} title={assessment?.title ?? ''} />
          )}
        </Group>
      </Group>

      {submissions.isError && !submissions.data ? (
        <LoadErrorCard
          retryLabel={t('load.retry')}
          heading={t('load.failed')}
          error={submissions.error}
          onRetry={() => void submissions.refetch()}
          retrying={submissions.isFetching}
        />
      ) : (
        <>
          <SubmissionStats stats={submissions.data?.stats} />
          <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
            <Tabs
              value={tab}
              onChange={(value) => setTab((value as Tab | null) ?? 'submissions')}
              keepMounted={false}
            >
              <Tabs.List mb="md">
                <Tabs.Tab value="submissions">{t('tabs.submissions')}</Tabs.Tab>
                <Tabs.Tab value="students">{t('tabs.students')}</Tabs.Tab>
                <Tabs.Tab value="items">{t('itemAnalysis.title')}</Tabs.Tab>
                <Tabs.Tab value="regrade">{t('regrades:tab')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="submissions">
                {submissions.isError ? (
                  <LoadErrorCard
                    retryLabel={t('load.retry')}
                    heading={t('load.failed')}
                    error={submissions.error}
                    onRetry={() => void submissions.refetch()}
                    retrying={submissions.isFetching}
                  />
                ) : (
                  <SubmissionsTab
                    list={submissions.data}
                    loading={submissions.isPending}
                    refreshing={submissions.isPlaceholderData}
                    filter={filter}
                    onFilter={(next) => {
                      setFilter(next);
                      setPage(1);
                    }}
                    onPage={setPage}
                    onPageSize={(size) => {
                      setPageSize(size);
                      setPage(1);
                    }}
                    onDetails={setDetailsOf}
                    markingPath={markingPath}
                  />
                )}
              </Tabs.Panel>
              <Tabs.Panel value="students">
                <StudentStatusTab
                  assessmentId={assessmentId}
                  markingPath={markingPath}
                  durationMinutes={assessment?.durationMinutes ?? null}
                  canManage={canRegrade}
                  canRelease={canRelease}
                />
              </Tabs.Panel>
              <Tabs.Panel value="items">
                <ItemAnalysisTab assessmentId={assessmentId} />
              </Tabs.Panel>
              <Tabs.Panel value="regrade">
                <RegradeTab assessmentId={assessmentId} canRegrade={canRegrade} />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </>
      )}
      <SubmissionDetailsDialog
        attemptId={detailsOf}
        onClose={() => setDetailsOf(null)}
        markingPath={markingPath}
      />
    </Stack>
  );
}
