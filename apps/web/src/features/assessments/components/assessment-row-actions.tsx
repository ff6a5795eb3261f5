import { Button, Group, Menu, Text } from '@mantine/core';
import {
  IconCopy,
  IconEye,
  IconInbox,
  IconPencil,
  IconPlayerPlay,
  IconRepeat,
  IconReportAnalytics,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AssessmentSummary } from '@vbuilder/shared';
import { RowMenu } from '../../../components/data-table/row-menu.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useDuplicateAssessment } from '../api/save-assessment.ts';
import { assessmentPaths } from '../lib/assessment-paths.ts';
import { studentActionsOf, type StudentActionKind } from '../lib/student-actions.ts';
import { useConfirmDeleteAssessment } from './delete-assessment.tsx';

interface StaffProps {
  assessment: AssessmentSummary;
  userId: string;
  /** This month's allowance is used up: a duplicate would be refused. */
  limitReached: boolean;
  /** The viewer may delete it (its author or an administrator): otherwise Delete is not offered. */
  mayDelete: boolean;
}

/** Staff (Administrator, user, Teacher): Submissions, View, Edit, Duplicate, and Delete for its author or an administrator. */
export function StaffRowActions({ assessment, userId, limitReached, mayDelete }: StaffProps) {
  const { t } = useTranslation('assessments');
  const errorText = useErrorText();
  const duplicate = useDuplicateAssessment();
  const { confirm, deleting } = useConfirmDeleteAssessment();

  const copy = () =>
    duplicate.mutate(
      { id: assessment.id },
      {
        onSuccess: (copied) => showToast('success', t('actions.duplicated', { title: copied.title })),
        onError: (error) => showToast('failure', errorText(errorCodeOf(error)), t('actions.duplicateFailed')),
      },
    );

  return (
    <RowMenu
      label={t('actions.menu', { title: assessment.title })}
      loading={duplicate.isPending || deleting === assessment.id}
    >
      <Menu.Item
        component={Link}
        to={assessmentPaths.submissions(userId, assessment.id)}
        leftSection={<IconInbox size={16} aria-hidden />}
      >
        {t('actions.submissions')}
      </Menu.Item>
      <Menu.Item
        component={Link}
        to={assessmentPaths.view(userId, assessment.id)}
        leftSection={<IconEye size={16} aria-hidden />}
      >
        {t('actions.view')}
      </Menu.Item>
      <Menu.Item
        component={Link}
        to={assessmentPaths.edit(userId, assessment.id)}
        leftSection={<IconPencil size={16} aria-hidden />}
      >
        {t('actions.edit')}
      </Menu.Item>
      <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={copy} disabled={limitReached}>
        {t('actions.duplicate')}
      </Menu.Item>
      {mayDelete && <Menu.Divider />}
      {mayDelete && (
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => confirm(assessment)}
        >
          {t('actions.delete')}
        </Menu.Item>
      )}
    </RowMenu>
  );
}

const STUDENT_BUTTONS: Record<
  StudentActionKind,
  { variant: 'filled' | 'light' | 'default'; icon: typeof IconPlayerPlay }
> = {
  take: { variant: 'filled', icon: IconPlayerPlay },
  continue: { variant: 'filled', icon: IconPlayerPlay },
  results: { variant: 'light', icon: IconReportAnalytics },
  retake: { variant: 'default', icon: IconRepeat },
};

/**
 * A student's row: Take Assessment (or Continue an attempt in progress), View Results, Retake Quiz;
 * without any, why (not open yet, closed). The link names carry the title, as every row has them.
 */
export function StudentRowActions({ assessment, userId }: { assessment: AssessmentSummary; userId: string }) {
  const { t, i18n } = useTranslation('assessments');
  const { actions, unavailable } = studentActionsOf(assessment, userId);
  if (actions.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {unavailable === 'notOpenYet' && assessment.startsAt
          ? t('studentActions.opensOn', { date: formatDate(assessment.startsAt, i18n.resolvedLanguage) })
          : unavailable === 'closed'
            ? t('studentActions.closed')
            : t('studentActions.none')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {actions.map(({ kind, href }) => {
        const { variant, icon: Icon } = STUDENT_BUTTONS[kind];
        const label = t(`studentActions.${kind}`);
        return (
          <Button
            key={kind}
            component={Link}
            to={href}
            size="xs"
            variant={variant}
            leftSection={<Icon size={14} aria-hidden />}
            aria-label={t('studentActions.labelled', { action: label, title: assessment.title })}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
