import type { ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck, IconDownload, IconPencil, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Assessment } from '@vbuilder/shared';
import { QuestionPreview } from '../../../../components/questions/preview/question-preview.tsx';
import { formatBytes, formatDate, formatTime } from '../../../../lib/format.ts';
import { browserTimeZone } from '../../hooks/use-dates-locale.ts';
import { assessmentPaths } from '../../lib/assessment-paths.ts';
import { ResourceFile, useDownloadResource } from '../resource-file.tsx';

export interface AssessmentViewProps {
  assessment: Assessment;
  userId: string;
  /** Staff see every question (to try) and the Edit and Submissions buttons. */
  staff: boolean;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text fw={500} component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * One assessment as its students will see it (docs/product/screens.md 'view assessment'): title, subject,
 * difficulty, the window and due date in the viewer's time zone, time limit, pass mark, total
 * marks, instructions and resources, then every question, which the teacher can try.
 */
export function AssessmentView({ assessment, userId, staff }: AssessmentViewProps) {
  const { t, i18n } = useTranslation(['assessmentEditor', 'assessments']);
  const locale = i18n.resolvedLanguage;
  const when = (iso: string | null) =>
    iso ? `${formatDate(iso, locale)} · ${formatTime(iso, locale)}` : t('assessmentEditor:view.notSet');

  const download = useDownloadResource();

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Group justify="space-between" align="flex-start" gap="md">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {assessment.title}
          </Title>
          <Group gap="xs" mt={6}>
            <Badge variant="light" color="indigo" tt="none">
              {assessment.subject}
            </Badge>
            <Badge variant="light" color="gray" tt="none">
              {t(`assessments:difficulty.${assessment.difficulty}`)}
            </Badge>
            <Badge variant="light" color={assessment.timing === 'ongoing' ? 'teal' : 'gray'} tt="none">
              {t(`assessments:timing.${assessment.timing}`)}
            </Badge>
            {staff ? (
              <Badge variant="light" color={assessment.status === 'published' ? 'teal' : 'gray'} tt="none">
                {t(`assessments:status.${assessment.status}`)}
              </Badge>
            ) : null}
          </Group>
        </div>
        <Group gap="sm">
          {staff ? (
            <>
              <Button
                component={Link}
                to={assessmentPaths.submissions(userId, assessment.id)}
                variant="default"
                leftSection={<IconClipboardCheck size={16} aria-hidden />}
              >
                {t('assessmentEditor:view.submissions')}
              </Button>
              <Button
                component={Link}
                to={assessmentPaths.edit(userId, assessment.id)}
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                {t('assessmentEditor:view.edit')}
              </Button>
            </>
          ) : assessment.myAttempts?.canStart ? (
            <Button
              component={Link}
              to={assessmentPaths.take(userId, assessment.id)}
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
            >
              {t('assessmentEditor:view.take')}
            </Button>
          ) : null}
        </Group>
      </Group>

      <Paper
        withBorder
        radius="lg"
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-labelledby="view-details"
      >
        <Title order={2} size="h4" id="view-details" mb="sm">
          {t('assessmentEditor:view.details')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="dl" m={0}>
          <Fact label={t('assessmentEditor:view.opens')}>{when(assessment.startsAt)}</Fact>
          <Fact label={t('assessmentEditor:view.closes')}>{when(assessment.endsAt)}</Fact>
          <Fact label={t('assessmentEditor:view.due')}>{when(assessment.dueAt)}</Fact>
          <Fact label={t('assessmentEditor:view.timeLimit')}>
            {assessment.durationMinutes
              ? t('assessmentEditor:view.minutes', { count: assessment.durationMinutes })
              : t('assessmentEditor:view.noLimit')}
          </Fact>
          <Fact label={t('assessmentEditor:view.passMark')}>{`${assessment.passMark} %`}</Fact>
          <Fact label={t('assessmentEditor:view.totalMarks')}>{assessment.totalMarks}</Fact>
          <Fact label={t('assessmentEditor:view.questions')}>{assessment.questionCount}</Fact>
          <Fact label={t('assessmentEditor:view.retake')}>
            {assessment.allowRetake
              ? t('assessmentEditor:view.retakeAllowed')
              : t('assessmentEditor:view.retakeNotAllowed')}
          </Fact>
          {assessment.instructor ? (
            <Fact label={t('assessmentEditor:view.instructor')}>{assessment.instructor}</Fact>
          ) : null}
        </SimpleGrid>
        <Text size="xs" c="gray.7" mt="sm">
          {t('assessmentEditor:details.schedule.timeZone', { zone: browserTimeZone(locale) })}
        </Text>
      </Paper>

      {assessment.instructions.trim() ? (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'sm', sm: 'lg' }}
          component="section"
          aria-labelledby="view-instructions"
        >
          <Title order={2} size="h4" id="view-instructions" mb="xs">
            {t('assessmentEditor:view.instructions')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{assessment.instructions}</Text>
        </Paper>
      ) : null}

      {assessment.resources.length > 0 ? (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'sm', sm: 'lg' }}
          component="section"
          aria-labelledby="view-resources"
        >
          <Title order={2} size="h4" id="view-resources" mb="xs">
            {t('assessmentEditor:resources.title')}
          </Title>
          <Stack gap="xs">
            {assessment.resources.map((resource) => (
              <ResourceFile key={resource.id} resource={resource} detail={formatBytes(resource.size, locale)}>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  onClick={() => void download(resource)}
                  aria-label={t('assessmentEditor:resources.download', { name: resource.name })}
                >
                  {t('assessmentEditor:view.download')}
                </Button>
              </ResourceFile>
            ))}
          </Stack>
        </Paper>
      ) : null}

      {staff ? (
        <Stack gap="md" component="section" aria-labelledby="view-questions">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h3" id="view-questions">
              {t('assessmentEditor:view.questionsTitle')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('assessmentEditor:view.tryHint')}
            </Text>
          </Group>
          {assessment.questions.length === 0 ? (
            <Paper withBorder radius="lg" p="lg" ta="center">
              <Text c="gray.7">{t('assessmentEditor:view.noQuestions')}</Text>
            </Paper>
          ) : (
            assessment.questions.map((question, index) => (
              <Paper key={question.id} withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
                <Text size="sm" fw={700} c="indigo.8" mb="xs">
                  {t('assessmentEditor:view.questionOf', {
                    number: index + 1,
                    total: assessment.questions.length,
                  })}
                </Text>
                <QuestionPreview question={question} idPrefix={`view-${question.id}`} headingOrder={3} />
              </Paper>
            ))
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
