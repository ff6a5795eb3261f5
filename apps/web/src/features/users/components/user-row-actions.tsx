import { useState } from 'react';
import { Menu, Text } from '@mantine/core';
import { openConfirmModal } from '../../../components/deferred/confirm-modal.ts';
import { IconTrash, IconUserCheck, IconUserCog, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@vbuilder/shared';
import { RowMenu } from '../../../components/data-table/row-menu.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { canManageUser, type Viewer } from '../lib/permissions.ts';
import { ChangeRoleDialog } from './change-role-dialog.tsx';

/**
 * A row's menu: change role, deactivate or reactivate, delete. Shown only when the viewer's role
 * may do these to this user; the server still decides (e.g. the last Administrator), and its
 * refusal is shown in words.
 */
export function UserRowActions({ user, viewer }: { user: UserSummary; viewer: Viewer | null }) {
  const { t } = useTranslation(['users', 'errors', 'common']);
  const errorText = useErrorText();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [changingRole, setChangingRole] = useState(false);
  if (!canManageUser(viewer, user)) return null;

  const failed = (title: string) => (error: unknown) => {
    const code = errorCodeOf(error);
    showToast('failure', errorText(code), title);
  };

  const setStatus = (status: 'active' | 'inactive') =>
    update.mutate(
      { id: user.id, changes: { status } },
      {
        onSuccess: () =>
          showToast(
            'success',
            t(status === 'active' ? 'users:actions.reactivated' : 'users:actions.deactivated', {
              name: user.name,
            }),
          ),
        onError: failed(
          t(status === 'active' ? 'users:actions.reactivateFailed' : 'users:actions.deactivateFailed'),
        ),
      },
    );

  const confirmDeactivate = () =>
    openConfirmModal({
      title: t('users:actions.deactivateTitle', { name: user.name }),
      children: <Text size="sm">{t('users:actions.deactivateBody', { name: user.name })}</Text>,
      labels: { confirm: t('users:actions.deactivate'), cancel: t('users:actions.cancel') },
      confirmProps: { color: 'orange' },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: () => setStatus('inactive'),
    });

  const confirmDelete = () =>
    openConfirmModal({
      title: t('users:actions.deleteTitle', { name: user.name }),
      children: (
        <Text size="sm">{t('users:actions.deleteBody', { name: user.name, email: user.email })}</Text>
      ),
      labels: { confirm: t('users:actions.delete'), cancel: t('users:actions.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: () =>
        remove.mutate(user.id, {
          onSuccess: () => showToast('success', t('users:actions.deleted', { name: user.name })),
          onError: failed(t('users:actions.deleteFailed')),
        }),
    });

  const busy = update.isPending || remove.isPending;
  return (
    <>
      <RowMenu label={t('users:actions.menu', { name: user.name })} loading={busy}>
        <Menu.Item leftSection={<IconUserCog size={16} aria-hidden />} onClick={() => setChangingRole(true)}>
          {t('users:actions.changeRole')}
        </Menu.Item>
        {user.status === 'inactive' ? (
          <Menu.Item
            leftSection={<IconUserCheck size={16} aria-hidden />}
            onClick={() => setStatus('active')}
          >
            {t('users:actions.reactivate')}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconUserOff size={16} aria-hidden />} onClick={confirmDeactivate}>
            {t('users:actions.deactivate')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete}>
          {t('users:actions.delete')}
        </Menu.Item>
      </RowMenu>
      <ChangeRoleDialog
        opened={changingRole}
        user={user}
        viewer={viewer}
        onClose={() => setChangingRole(false)}
      />
    </>
  );
}
