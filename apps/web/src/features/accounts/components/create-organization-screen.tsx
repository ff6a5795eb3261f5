import { Alert, Anchor, Button, Group, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingCommunity, IconInfoCircle } from '@tabler/icons-react';
import { CreateOrganizationSchema, LIMITS, ORGANIZATION_TYPES, type UserProfile } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { createOrganization } from '../api/accounts.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { ServerErrorAlert } from './server-error-alert.tsx';
import { SignedInGate } from './signed-in-gate.tsx';

/** After sign-up: the new user creates their organization and becomes its administrator. */
export function CreateOrganizationScreen() {
  const { t } = useTranslation('accounts');
  return (
    <SignedInGate title={t('organization.title')} reason={t('organization.signInFirst')}>
      {(user) => (user.organizationId ? <AlreadyInOrganization /> : <CreateOrganizationForm user={user} />)}
    </SignedInGate>
  );
}

function AlreadyInOrganization() {
  const { t } = useTranslation('accounts');
  return (
    <AuthPageLayout title={t('organization.title')}>
      <Stack gap="md">
        <Alert color="indigo" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('errors:already_in_organization')}
        </Alert>
        <Button component={Link} to={ACCOUNT_PATHS.home} size="md" fullWidth>
          {t('actions.goToDashboard')}
        </Button>
      </Stack>
    </AuthPageLayout>
  );
}

function CreateOrganizationForm({ user }: { user: UserProfile }) {
  const { t } = useTranslation('accounts');
  const { reloadProfile } = useAuth();
  const navigate = useNavigate();
  const { form, serverError, handleSubmit } = useAccountForm(CreateOrganizationSchema, {
    name: '',
    type: null as string | null,
    email: user.email,
    phone: '',
    address: '',
    postalCode: '',
  });

  const onSubmit = handleSubmit(async (values) => {
    const { name, type, email, phone, address, postalCode } = CreateOrganizationSchema.parse(values);
    await createOrganization({
      name,
      type,
      email,
      ...(phone ? { phone } : {}),
      ...(address ? { address } : {}),
      ...(postalCode ? { postalCode } : {}),
    });
    notifications.show({ color: 'teal', message: t('organization.created', { name }) });
    // The new organization and role come with the profile; the dashboard needs them.
    await reloadProfile();
    await navigate(ACCOUNT_PATHS.home, { replace: true });
  });

  const optional = (label: string) => t('fields.optional', { label });

  return (
    <AuthPageLayout title={t('organization.title')} description={t('organization.description')}>
      <form noValidate onSubmit={onSubmit} aria-label={t('organization.title')}>
        <Stack gap="md">
          <TextInput
            label={t('fields.organizationName')}
            required
            withAsterisk={false}
            maxLength={LIMITS.organizationNameMax}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Select
            label={t('fields.organizationType')}
            placeholder={t('organization.typePlaceholder')}
            data={ORGANIZATION_TYPES.map((type) => ({ value: type, label: t(`organization.types.${type}`) }))}
            required
            withAsterisk={false}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            key={form.key('type')}
            {...form.getInputProps('type')}
          />
          <TextInput
            label={t('fields.organizationEmail')}
            description={t('organization.emailHelp')}
            type="email"
            autoComplete="email"
            required
            withAsterisk={false}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={optional(t('fields.phone'))}
            type="tel"
            autoComplete="tel"
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <Textarea
            label={optional(t('fields.address'))}
            autoComplete="street-address"
            rows={3}
            maxLength={LIMITS.addressMax}
            key={form.key('address')}
            {...form.getInputProps('address')}
          />
          <TextInput
            label={optional(t('fields.postalCode'))}
            autoComplete="postal-code"
            maxLength={LIMITS.postalCodeMax}
            key={form.key('postalCode')}
            {...form.getInputProps('postalCode')}
          />
          <ServerErrorAlert code={serverError} />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={form.submitting}
            leftSection={<IconBuildingCommunity size={18} aria-hidden />}
          >
            {t('organization.submit')}
          </Button>
        </Stack>
      </form>
      <Group justify="center" mt="md">
        <Anchor component={Link} to={ACCOUNT_PATHS.home} size="sm">
          {t('organization.later')}
        </Anchor>
      </Group>
    </AuthPageLayout>
  );
}
