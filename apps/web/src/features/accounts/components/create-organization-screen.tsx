import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingCommunity, IconInfoCircle } from '@tabler/icons-react';
import { CreateOrganizationSchema, ORGANIZATION_TYPES, type UserProfile } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { OrganizationFields } from '../../../components/forms/organization-fields.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { createOrganization } from '../api/accounts.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { FormSubmit } from './form-submit.tsx';
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
  const { form, serverError, handleSubmit } = useSchemaForm({
    initialValues: {
      name: '',
      type: null as string | null,
      email: user.email,
      phone: '',
      address: '',
      postalCode: '',
    },
    schema: CreateOrganizationSchema,
  });

  const onSubmit = handleSubmit(async ({ name, type, email, phone, address, postalCode }) => {
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
          <OrganizationFields
            form={form}
            layout="card"
            typeOptions={ORGANIZATION_TYPES.map((type) => ({
              value: type,
              label: t(`organization.types.${type}`),
            }))}
            labels={{
              name: t('fields.organizationName'),
              type: t('fields.organizationType'),
              typePlaceholder: t('organization.typePlaceholder'),
              email: t('fields.organizationEmail'),
              emailDescription: t('organization.emailHelp'),
              phone: optional(t('fields.phone')),
              address: optional(t('fields.address')),
              postalCode: optional(t('fields.postalCode')),
            }}
          />
          <FormSubmit
            error={serverError}
            loading={form.submitting}
            icon={<IconBuildingCommunity size={18} aria-hidden />}
          >
            {t('organization.submit')}
          </FormSubmit>
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
