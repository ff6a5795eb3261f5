import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconAt, IconPhone, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CreateUserSchema,
  FALLBACK_LANGUAGE,
  isSuperAdministrator,
  matchLanguage,
  type CreateUserInput,
  type LanguageCode,
  type Role,
} from '@vbuilder/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { LanguageSelect } from '../../../components/forms/language-select.tsx';
import { ServerErrorAlert } from '../../../components/forms/server-error-alert.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useCreateUser } from '../api/create-user.ts';
import { grantableRoles, type Viewer } from '../lib/permissions.ts';
import { OrganizationSelect } from './organization-select.tsx';
import { RoleOptions } from './role-options.tsx';

interface Props {
  opened: boolean;
  onClose: () => void;
  viewer: Viewer | null;
  /** Adding from an organization's page: the user joins that organization. */
  organizationId?: string;
}

/**
 * 'Add user': name, email, phone, role and language; the person gets an invitation mail, in that
 * language, to set a password.
 */
export function AddUserDialog({ opened, onClose, viewer, organizationId }: Props) {
  const { t } = useTranslation('users');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('add.title')} size="lg">
      {opened && <AddUserForm onClose={onClose} viewer={viewer} organizationId={organizationId} />}
    </AppModal>
  );
}

interface Values extends Record<string, unknown> {
  name: string;
  email: string;
  phone: string;
  role: string;
  organizationId: string;
  language: LanguageCode;
}

function AddUserForm({ onClose, viewer, organizationId }: Omit<Props, 'opened'>) {
  const { t, i18n } = useTranslation(['users', 'errors']);
  const create = useCreateUser();
  const roles = grantableRoles(viewer, organizationId !== undefined);
  const superAdministrator = isSuperAdministrator(viewer?.role);
  // The Super Administrator names the organization, unless adding from one or adding a peer.
  const picksOrganization = (role: string) =>
    superAdministrator && organizationId === undefined && role !== 'Super Administrator';

  const toInput = (values: Values): CreateUserInput => ({
    name: values.name,
    email: values.email,
    ...(values.phone.trim() ? { phone: values.phone } : {}),
    role: values.role as Role,
    language: values.language,
    ...(superAdministrator && values.role !== 'Super Administrator'
      ? { organizationId: organizationId ?? (values.organizationId || undefined) }
      : {}),
  });

  const { form, serverError, handleSubmit } = useSchemaForm<Values, CreateUserInput>({
    initialValues: {
      name: '',
      email: '',
      phone: '',
      role: roles.includes('Student') ? 'Student' : (roles[0] ?? ''),
      organizationId: '',
      // The inviter's own language unless they choose another (the server's default too).
      language: matchLanguage(i18n.language) ?? FALLBACK_LANGUAGE,
    },
    schema: CreateUserSchema,
    toRequest: toInput,
    check: (values) =>
      picksOrganization(values.role) && !values.organizationId
        ? { organizationId: 'validation.organizationRequired' }
        : {},
    codeFields: { email_taken: 'email' },
  });

  const submit = handleSubmit(async (_request, values) => {
    const created = await create.mutateAsync(toInput(values));
    showToast('success', t('users:add.success', { email: created.email }));
    onClose();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('users:add.description')}
        </Text>
        <TextInput
          label={t('users:form.name')}
          autoComplete="off"
          withAsterisk
          leftSection={<IconUser size={16} aria-hidden />}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('users:form.email')}
          type="email"
          autoComplete="off"
          withAsterisk
          leftSection={<IconAt size={16} aria-hidden />}
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('users:form.phone')}
          description={t('users:form.phoneHint')}
          type="tel"
          autoComplete="off"
          leftSection={<IconPhone size={16} aria-hidden />}
          {...form.getInputProps('phone')}
        />
        <Radio.Group label={t('users:form.role')} withAsterisk {...form.getInputProps('role')}>
          <RoleOptions roles={roles} />
        </Radio.Group>
        <LanguageSelect
          label={t('users:form.language')}
          description={t('users:form.languageHint')}
          value={form.values.language}
          onChange={(language) => form.setFieldValue('language', language)}
        />
        {picksOrganization(form.values.role) && (
          <OrganizationSelect
            label={t('users:form.organization')}
            placeholder={t('users:form.organizationPlaceholder')}
            withAsterisk
            {...form.getInputProps('organizationId')}
            onChange={(value) => form.setFieldValue('organizationId', value ?? '')}
          />
        )}
        <ServerErrorAlert code={serverError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('users:form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('users:add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
