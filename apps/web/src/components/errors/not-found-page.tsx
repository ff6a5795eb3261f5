import { useTranslation } from 'react-i18next';
import { IconMapSearch } from '@tabler/icons-react';
import { MessageScreen } from './message-screen.tsx';

/** Any path without a screen (docs/product/screens.md 'Public routes'): a friendly way back home. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <MessageScreen
      icon={IconMapSearch}
      eyebrow={t('notFound.code')}
      title={t('notFound.title')}
      description={t('notFound.description')}
      fullPage
    />
  );
}
