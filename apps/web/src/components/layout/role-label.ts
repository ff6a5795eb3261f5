import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { displayRole } from '@vbuilder/shared';

const ROLE_KEYS: Record<string, string> = {
  'Super Administrator': 'roles.superAdministrator',
  Administrator: 'roles.administrator',
  Teacher: 'roles.teacher',
  Student: 'roles.student',
};

/**
 * The role as a person reads it, translated: 'user' shows as Administrator (displayRole), no role
 * as Guest, and a role we do not know passes through as it is.
 */
export function useRoleLabel() {
  const { t } = useTranslation('common');
  return useCallback(
    (role: string | null | undefined) => {
      if (!role) return t('roles.guest');
      const shown = displayRole(role);
      const key = ROLE_KEYS[shown];
      return key ? t(key) : shown;
    },
    [t],
  );
}
