import { Text } from '@mantine/core';
import { openConfirmModal } from '../../../components/deferred/confirm-modal.ts';
import { useTranslation } from 'react-i18next';
import type { AssessmentSummary } from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useDeleteAssessment } from '../api/save-assessment.ts';

/**
 * Delete with a confirm dialog naming the assessment (docs/product/screens.md): on success a toast and the list
 * refreshes; on failure 'Failed to delete the assessment. Please try again.' with the reason.
 */
export function useConfirmDeleteAssessment() {
  const { t } = useTranslation(['assessments', 'common']);
  const errorText = useErrorText();
  const remove = useDeleteAssessment();

  const confirm = (assessment: Pick<AssessmentSummary, 'id' | 'title'>) =>
    openConfirmModal({
      title: t('delete.title', { title: assessment.title }),
      children: <Text size="sm">{t('delete.body', { title: assessment.title })}</Text>,
      labels: { confirm: t('delete.confirm'), cancel: t('delete.cancel') },
      // Shade 9: white text on the default red (shade 7) is under WCAG AA's 4.5:1.
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': t('common:close') },
      // mutateAsync, not mutate's callbacks: those are dropped once the row (and this hook) unmount,
      // and the deleted row leaves the list as soon as it is refetched.
      onConfirm: () =>
        void remove.mutateAsync(assessment.id).then(
          () => showToast('success', t('delete.deleted', { title: assessment.title })),
          (error: unknown) => showToast('failure', errorText(errorCodeOf(error)), t('delete.failed')),
        ),
    });

  return { confirm, deleting: remove.isPending ? remove.variables : undefined };
}
