import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAssessmentUsage } from '../../features/assessments/api/get-usage.ts';
import { QuestionBankScreen } from '../../features/question-bank/components/question-bank-screen.tsx';
import { ScreenLoading } from '../../features/assessments/components/editor/screen-states.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** /account/question-bank: the organization's question bank, its teachers' and administrators'. */
export function Component() {
  const { user } = useAuth();
  const { t } = useTranslation('questionBank');
  const staff = Boolean(user) && user?.role !== 'Student';
  const usage = useAssessmentUsage(undefined, staff);
  if (!user) return null;
  if (!staff) return <Navigate to="/account/home" replace />;
  // The plan narrows the types a new question may have; without it, every type is offered and the server decides.
  if (usage.isPending && !usage.isError) return <ScreenLoading title={t('title')} />;
  return <QuestionBankScreen allowedTypes={usage.data?.plan.allowedTypes ?? null} />;
}
