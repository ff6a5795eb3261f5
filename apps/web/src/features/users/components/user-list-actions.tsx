import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canAddUsers, canImportStudents, type Viewer } from '../lib/permissions.ts';
import { AddUserDialog } from './add-user-dialog.tsx';
import { ImportUsersDialog } from './import-users-dialog.tsx';

interface Props {
  viewer: Viewer | null;
  /** Adding or importing from an organization's page: the people join that organization. */
  organizationId?: string;
  size?: 'sm';
}

/** 'Import students from CSV' and 'Add user' as far as the viewer may, with their dialogs. */
export function UserListActions({ viewer, organizationId, size }: Props) {
  const { t } = useTranslation('users');
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Group gap="sm">
        {canImportStudents(viewer) && (
          <Button
            variant="default"
            size={size}
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => setDialog('import')}
          >
            {t('import.open')}
          </Button>
        )}
        {canAddUsers(viewer) && (
          <Button
            size={size}
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setDialog('add')}
          >
            {t('add.open')}
          </Button>
        )}
      </Group>
      <AddUserDialog
        opened={dialog === 'add'}
        onClose={close}
        viewer={viewer}
        organizationId={organizationId}
      />
      <ImportUsersDialog
        opened={dialog === 'import'}
        onClose={close}
        viewer={viewer}
        organizationId={organizationId}
      />
    </>
  );
}
