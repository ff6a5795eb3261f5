import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Role } from '@vbuilder/shared';
import { useRoleLabel } from '../../../components/layout/role-label.ts';

const DESCRIPTION_KEYS: Record<string, string> = {
  'Super Administrator': 'roleDescriptions.superAdministrator',
  Administrator: 'roleDescriptions.administrator',
  Teacher: 'roleDescriptions.teacher',
  Student: 'roleDescriptions.student',
};

/** One radio per role the viewer may give, each with what the role can do (inside a Radio.Group). */
export function RoleOptions({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('users');
  const roleLabel = useRoleLabel();
  return (
    <Stack gap="sm" mt={6}>
      {roles.map((role) => (
        <Radio
          key={role}
          value={role}
          label={roleLabel(role)}
          description={DESCRIPTION_KEYS[role] ? t(DESCRIPTION_KEYS[role]) : undefined}
        />
      ))}
    </Stack>
  );
}
