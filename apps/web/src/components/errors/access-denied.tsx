import { useTranslation } from 'react-i18next';
import { IconLock } from '@tabler/icons-react';
import { MessageScreen } from './message-screen.tsx';

/**
 * A screen the signed-in role may not open (docs/product/roles.md), reached by its address: said plainly, with a
 * way home. It stays on the address (no redirect), so there is nothing to loop.
 */
export function AccessDenied() {
  const { t } = useTranslation('common');
  return (
    <MessageScreen
      icon={IconLock}
      color="orange"
      title={t('accessDenied.title')}
      description={t('accessDenied.description')}
    />
  );
}
