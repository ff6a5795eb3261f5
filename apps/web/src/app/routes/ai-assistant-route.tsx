import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AssistantScreen } from '../../features/assessments/components/assistant/assistant-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

/** /account/aiassistant/{userId}: the AI assistant; the route's access is Teachers' and Administrators'. */
export function Component() {
  const { userId = '' } = useParams();
  const { user } = useAuth();
  const { i18n } = useTranslation();
  return <AssistantScreen userId={user?.id ?? userId} language={user?.language ?? i18n.language} />;
}
