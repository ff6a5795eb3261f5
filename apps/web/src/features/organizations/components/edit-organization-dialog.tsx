import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import {
  ORGANIZATION_TYPES,
  UpdateOrganizationSchema,
  type OrganizationDetail,
  type UpdateOrganizationInput,
} from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import {
  ORGANIZATION_FIELDS,
  type OrganizationFieldValues,
} from '../../../components/forms/organization-fields.tsx';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useUpdateOrganization } from '../api/update-organization.ts';
import { OrganizationDialogFields } from './organization-fields.tsx';
import { OrganizationModal } from './organization-modal.tsx';

type Values = OrganizationFieldValues & Record<string, unknown>;

const isKnownType = (type: string): boolean => (ORGANIZATION_TYPES as readonly string[]).includes(type);

function valuesOf(organization: OrganizationDetail): Values {
  return {
    name: organization.name,
    // A type from older data is not among the choices: the field starts empty and is left alone unless chosen.
    type: isKnownType(organization.type) ? organization.type : null,
    email: organization.email ?? '',
    phone: organization.phone ?? '',
    address: organization.address ?? '',
    postalCode: organization.postalCode ?? '',
  };
}

/**
 * Only what changed is sent (PATCH), so the audit log names the fields that were edited. An
 * optional field emptied is sent as '' (cleared); unchanged fields stay out.
 */
function changesOf(initial: Values, values: Values): UpdateOrganizationInput {
  const changes: Record<string, unknown> = {};
  for (const field of ORGANIZATION_FIELDS) {
    const before = initial[field] ?? '';
    const after = values[field] ?? '';
    if (typeof after === 'string' && typeof before === 'string' && after.trim() !== before.trim()) {
      changes[field] = after;
    }
  }
  return changes as UpdateOrganizationInput;
}

interface Props {
  opened: boolean;
  organization: OrganizationDetail | null;
  onClose: () => void;
}

/** 'Edit organization': its Administrators and the Super Administrator change its fields. */
export function EditOrganizationDialog({ opened, organization, onClose }: Props) {
  const { t } = useTranslation('organizations');
  return (
    <OrganizationModal opened={opened} onClose={onClose} title={t('edit.title')}>
      {/* Mounted per opening, so the form starts from the organization as it is now. */}
      {opened && organization && <EditOrganizationForm organization={organization} onClose={onClose} />}
    </OrganizationModal>
  );
}

function EditOrganizationForm({
  organization,
  onClose,
}: {
  organization: OrganizationDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation(['organizations', 'errors']);
  const errorText = useErrorText();
  const update = useUpdateOrganization(organization.id);
  // The values the dialog opened with: what 'changed' is measured against.
  const [initial] = useState(() => valuesOf(organization));
  const { form, serverError, formError, handleSubmit } = useSchemaForm({
    initialValues: initial,
    schema: UpdateOrganizationSchema,
    toRequest: (values: Values) => changesOf(initial, values),
    fields: ORGANIZATION_FIELDS,
  });

  const onSubmit = handleSubmit(async (changes) => {
    const updated = await update.mutateAsync(changes);
    notifications.show({
      color: 'green',
      icon: <IconCheck size={18} aria-hidden />,
      message: t('edit.success', { name: updated.name }),
      closeButtonProps: { 'aria-label': t('dialog.close') },
    });
    onClose();
  });

  const problem = serverError ? errorText(serverError) : formError;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('edit.title')}>
      <Stack gap="lg">
        <OrganizationDialogFields form={form} />
        {problem && (
          <Alert
            color={serverError ? 'red' : 'blue'}
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
          >
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {t('edit.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
