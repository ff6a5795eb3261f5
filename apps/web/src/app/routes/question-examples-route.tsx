import { useTranslation } from 'react-i18next';
import { IconBook } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/** An example per question type, to copy as a template. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={IconBook}
      pageTitle={t('emptyStates.questionExamples.pageTitle')}
      title={t('emptyStates.questionExamples.title')}
      description={t('emptyStates.questionExamples.description')}
    />
  );
}
