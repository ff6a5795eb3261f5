import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { displayRole, type Role, type UserSummary } from '@vbuilder/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { assignableRoles, type Viewer } from '../lib/permissions.ts';
import { RoleOptions } from './role-options.tsx';
import { useRoleLabel } from '../../../components/layout/role-label.ts';

interface Props {
  opened: boolean;
  user: UserSummary;
  viewer: Viewer | null;
  onClose: () => void;
}

export function ChangeRoleDialog({ opened, user, viewer, onClose }: Props) {
  const { t } = useTranslation('users');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('changeRole.title', { name: user.name })}>
      {/* Mounted per opening, so it starts from the user's current role each time. */}
      {opened && <ChangeRoleForm user={user} viewer={viewer} onClose={onClose} />}
    </AppModal>
  );
}

function ChangeRoleForm({ user, viewer, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation(['users', 'errors']);
  const errorText = useErrorText();
  const roleLabel = useRoleLabel();
  const update = useUpdateUser();
  // The legacy 'user' role is the Administrator role in all but name.
  const current = displayRole(user.role);
  const [role, setRole] = useState<string>(current);
  const [error, setError] = useState<string | null>(null);
  const roles = assignableRoles(viewer);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (role === current || update.isPending) return;
    setError(null);
    update.mutate(
      { id: user.id, changes: { role: role as Role } },
      {
        onSuccess: () => {
          showToast('success', t('users:changeRole.success', { name: user.name, role: roleLabel(role) }));
          onClose();
        },
        onError: (failure) => {
          const code = errorCodeOf(failure);
          setError(errorText(code));
        },
      },
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('users:changeRole.description', { name: user.name, role: roleLabel(user.role) })}
        </Text>
        <Radio.Group label={t('users:form.role')} value={role} onChange={setRole}>
          <RoleOptions roles={roles} />
        </Radio.Group>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('users:form.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={role === current}>
            {t('users:changeRole.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
