import { Button, Collapse, Divider, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAt, IconBuildingPlus, IconPhone, IconUser } from '@tabler/icons-react';
import {
  CreateOrganizationWithAdminSchema,
  LIMITS,
  type CreateOrganizationWithAdminInput,
  type OrganizationDetail,
} from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import {
  ORGANIZATION_FIELDS,
  type OrganizationFieldValues,
} from '../../../components/forms/organization-fields.tsx';
import { ServerErrorAlert } from '../../../components/forms/server-error-alert.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useCreateOrganization } from '../api/create-organization.ts';
import { OrganizationDialogFields } from './organization-fields.tsx';
import { OrganizationModal } from './organization-modal.tsx';

interface Values extends OrganizationFieldValues {
  [key: string]: unknown;
  inviteAdministrator: boolean;
  administrator: { name: string; email: string; phone: string };
}

const INITIAL: Values = {
  name: '',
  type: null,
  email: '',
  phone: '',
  address: '',
  postalCode: '',
  inviteAdministrator: true,
  administrator: { name: '', email: '', phone: '' },
};

const FIELDS = [
  ...ORGANIZATION_FIELDS,
  'administrator.name',
  'administrator.email',
  'administrator.phone',
] as const;

/** Blank optional fields are left out of the request rather than sent empty. */
const optional = (value: string) => (value.trim() ? value : undefined);

/** What the dialog would send; the first Administrator only when asked for. */
function toCreateRequest(values: Values): CreateOrganizationWithAdminInput {
  return {
    name: values.name,
    type: (values.type ?? '') as CreateOrganizationWithAdminInput['type'],
    email: values.email,
    phone: optional(values.phone),
    address: optional(values.address),
    postalCode: optional(values.postalCode),
    administrator: values.inviteAdministrator
      ? {
          name: values.administrator.name,
          email: values.administrator.email,
          phone: optional(values.administrator.phone),
        }
      : undefined,
  };
}

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated?: (organization: OrganizationDetail) => void;
}

/** The Super Administrator's 'Create organization' dialog, optionally inviting its first Administrator. */
export function CreateOrganizationDialog({ opened, onClose, onCreated }: Props) {
  const { t } = useTranslation('organizations');
  return (
    <OrganizationModal opened={opened} onClose={onClose} title={t('create.title')}>
      {/* Mounted per opening, so each one starts empty. */}
      {opened && <CreateOrganizationForm onClose={onClose} onCreated={onCreated} />}
    </OrganizationModal>
  );
}

function CreateOrganizationForm({ onClose, onCreated }: Omit<Props, 'opened'>) {
  const { t } = useTranslation(['organizations', 'errors']);
  const create = useCreateOrganization();
  const { form, serverError, handleSubmit } = useSchemaForm({
    initialValues: INITIAL,
    schema: CreateOrganizationWithAdminSchema,
    toRequest: toCreateRequest,
    fields: FIELDS,
    // The only email that must be new on the platform is the Administrator's account.
    codeFields: { email_taken: 'administrator.email' },
  });

  const onSubmit = handleSubmit(async (request) => {
    const created = await create.mutateAsync(request);
    notifications.show({
      color: 'green',
      message: request.administrator
        ? t('create.successInvited', { name: created.name, email: request.administrator.email })
        : t('create.success', { name: created.name }),
      closeButtonProps: { 'aria-label': t('dialog.close') },
    });
    onCreated?.(created);
    onClose();
  });

  const inviting = form.values.inviteAdministrator;
  const busy = create.isPending;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('create.title')}>
      <Stack gap="lg">
        <fieldset style={fieldsetStyle}>
          <Text component="legend" fw={600} size="sm" c="gray.8" mb="sm">
            {t('create.organizationSection')}
          </Text>
          <OrganizationDialogFields form={form} />
        </fieldset>

        <Divider />

        <fieldset style={fieldsetStyle}>
          <Text component="legend" fw={600} size="sm" c="gray.8" mb="sm">
            {t('create.administratorSection')}
          </Text>
          <Switch
            label={t('create.inviteAdministrator')}
            description={t('create.inviteAdministratorHelp')}
            key={form.key('inviteAdministrator')}
            {...form.getInputProps('inviteAdministrator', { type: 'checkbox' })}
          />
          <Collapse expanded={inviting} mt={inviting ? 'md' : 0}>
            {inviting && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                <TextInput
                  label={t('create.administratorName')}
                  required
                  withAsterisk={false}
                  autoComplete="off"
                  maxLength={LIMITS.nameMax}
                  leftSection={<IconUser size={16} aria-hidden />}
                  key={form.key('administrator.name')}
                  {...form.getInputProps('administrator.name')}
                />
                <TextInput
                  label={t('create.administratorEmail')}
                  type="email"
                  required
                  withAsterisk={false}
                  autoComplete="off"
                  maxLength={LIMITS.emailMax}
                  leftSection={<IconAt size={16} aria-hidden />}
                  key={form.key('administrator.email')}
                  {...form.getInputProps('administrator.email')}
                />
                <TextInput
                  label={t('fields.optional', { label: t('create.administratorPhone') })}
                  type="tel"
                  autoComplete="off"
                  maxLength={LIMITS.phoneMax}
                  leftSection={<IconPhone size={16} aria-hidden />}
                  key={form.key('administrator.phone')}
                  {...form.getInputProps('administrator.phone')}
                />
              </SimpleGrid>
            )}
          </Collapse>
        </fieldset>

        <ServerErrorAlert code={serverError} />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('create.cancel')}
          </Button>
          <Button type="submit" loading={busy} leftSection={<IconBuildingPlus size={18} aria-hidden />}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const fieldsetStyle = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;
