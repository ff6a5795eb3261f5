import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  Radio,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  SaveSchoolSignInSchema,
  SCHOOL_SIGN_IN_MODES,
  SCHOOL_SIGN_IN_ROLES,
  type SchoolSignInSettings,
} from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { InfoCard } from '../../../components/info-card.tsx';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useSaveSchoolSignIn, useSchoolSignIn, useTestSchoolSignIn } from '../api/school-sign-in.ts';

type Values = {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  emailDomains: string[];
  roleClaim: string;
  roleMappings: { value: string; role: string }[];
  defaultRole: string;
  mode: string;
} & Record<string, unknown>;

const MODE_LABEL = {
  invitation: 'schoolSignIn.modes.invitation',
  just_in_time: 'schoolSignIn.modes.just_in_time',
} as const;
const ROLE_LABEL = {
  Administrator: 'common:roles.administrator',
  Teacher: 'common:roles.teacher',
  Student: 'common:roles.student',
} as const;

const valuesOf = (s: SchoolSignInSettings): Values => ({
  enabled: s.configured ? s.enabled : true,
  issuer: s.issuer,
  clientId: s.clientId,
  clientSecret: '',
  emailDomains: s.emailDomains,
  roleClaim: s.roleClaim ?? '',
  roleMappings: s.roleMappings,
  defaultRole: s.defaultRole,
  mode: s.mode,
});

/** An empty secret keeps the saved one; an empty claim means no mapping. */
const toRequest = (v: Values) => ({
  ...v,
  clientSecret: v.clientSecret.trim() ? v.clientSecret : undefined,
  roleClaim: v.roleClaim.trim() || null,
});

/**
 * "Sign-in with your school account": the organization's own OpenID provider, its mail domains,
 * how its claims give roles and whether accounts are created at first sign-in
 * (docs/product/school-sign-in.md). Shown to the organization's Administrators.
 */
export function SchoolSignInCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organizations');
  const settings = useSchoolSignIn(organizationId);
  return (
    <InfoCard title={t('schoolSignIn.title')} icon={<IconKey size={20} aria-hidden />}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('schoolSignIn.description')}
        </Text>
        {settings.data ? (
          settings.data.available ? (
            <SchoolSignInForm organizationId={organizationId} settings={settings.data} />
          ) : (
            <Alert color="blue" variant="light">
              {t('schoolSignIn.unavailable')}
            </Alert>
          )
        ) : settings.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t('schoolSignIn.loadError')}
          </Alert>
        ) : (
          <Text size="sm">{t('schoolSignIn.loading')}</Text>
        )}
      </Stack>
    </InfoCard>
  );
}

function SchoolSignInForm({
  organizationId,
  settings,
}: {
  organizationId: string;
  settings: SchoolSignInSettings;
}) {
  const { t } = useTranslation(['organizations', 'common']);
  const errorText = useErrorText();
  const save = useSaveSchoolSignIn(organizationId);
  const test = useTestSchoolSignIn(organizationId);
  const [initial] = useState(() => valuesOf(settings));
  const { form, serverError, formError, handleSubmit } = useSchemaForm({
    initialValues: initial,
    schema: SaveSchoolSignInSchema,
    toRequest,
    codeFields: { email_domain_taken: 'emailDomains' },
  });
  const roleOptions = SCHOOL_SIGN_IN_ROLES.map((role) => ({ value: role, label: t(ROLE_LABEL[role]) }));

  const onSubmit = handleSubmit(async (input) => {
    await save.mutateAsync(input);
    form.setFieldValue('clientSecret', '');
    notifications.show({
      color: 'green',
      icon: <IconCheck size={18} aria-hidden />,
      message: t('schoolSignIn.saved'),
    });
  });

  const problem = serverError ? errorText(serverError) : formError;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('schoolSignIn.title')}>
      <Stack gap="md">
        <Switch label={t('schoolSignIn.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('schoolSignIn.callbackUrl')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code style={{ overflowWrap: 'anywhere' }}>{settings.callbackUrl}</Code>
            <CopyButton value={settings.callbackUrl}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="light" onClick={copy}>
                  {copied ? t('schoolSignIn.copied') : t('schoolSignIn.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="gray.7">
            {t('schoolSignIn.callbackHelp')}
          </Text>
        </Stack>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('schoolSignIn.issuer')}
            description={t('schoolSignIn.issuerHelp')}
            placeholder="https://accounts.google.com"
            dir="ltr"
            key={form.key('issuer')}
            {...form.getInputProps('issuer')}
          />
          <Button
            variant="default"
            loading={test.isPending}
            onClick={() => test.mutate(form.values.issuer.trim())}
            disabled={!form.values.issuer.trim()}
          >
            {t('schoolSignIn.test')}
          </Button>
        </Group>
        {test.data ? (
          <Alert color={test.data.ok ? 'green' : 'red'} variant="light" role="status">
            {test.data.ok
              ? t('schoolSignIn.testOk', { issuer: test.data.issuer })
              : t('schoolSignIn.testFailed')}
            {test.data.detail ? (
              <Text size="xs" lang="en" dir="ltr">
                {test.data.detail}
              </Text>
            ) : null}
          </Alert>
        ) : test.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(String((test.error as { code?: string }).code ?? 'internal_error'))}
          </Alert>
        ) : null}
        <TextInput
          label={t('schoolSignIn.clientId')}
          dir="ltr"
          key={form.key('clientId')}
          {...form.getInputProps('clientId')}
        />
        <PasswordInput
          label={t('schoolSignIn.clientSecret')}
          description={
            settings.clientSecretSet ? t('schoolSignIn.clientSecretKept') : t('schoolSignIn.clientSecretHelp')
          }
          autoComplete="off"
          key={form.key('clientSecret')}
          {...form.getInputProps('clientSecret')}
        />
        <TagsInput
          label={t('schoolSignIn.emailDomains')}
          description={t('schoolSignIn.emailDomainsHelp')}
          placeholder="school.example"
          splitChars={[',', ' ']}
          key={form.key('emailDomains')}
          {...form.getInputProps('emailDomains')}
        />
        <Radio.Group label={t('schoolSignIn.mode')} key={form.key('mode')} {...form.getInputProps('mode')}>
          <Stack gap="xs" mt={6}>
            {SCHOOL_SIGN_IN_MODES.map((mode) => (
              <Radio key={mode} value={mode} label={t(MODE_LABEL[mode])} />
            ))}
          </Stack>
        </Radio.Group>
        <Select
          label={t('schoolSignIn.defaultRole')}
          data={roleOptions}
          allowDeselect={false}
          key={form.key('defaultRole')}
          {...form.getInputProps('defaultRole')}
        />
        <TextInput
          label={t('schoolSignIn.roleClaim')}
          description={t('schoolSignIn.roleClaimHelp')}
          placeholder="groups"
          dir="ltr"
          key={form.key('roleClaim')}
          {...form.getInputProps('roleClaim')}
        />
        {form.values.roleMappings.map((_mapping, index) => (
          <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('schoolSignIn.claimValue')}
              dir="ltr"
              {...form.getInputProps(`roleMappings.${index}.value`)}
            />
            <Select
              label={t('schoolSignIn.role')}
              data={roleOptions}
              allowDeselect={false}
              {...form.getInputProps(`roleMappings.${index}.role`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('schoolSignIn.removeMapping')}
              onClick={() => form.removeListItem('roleMappings', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          w="fit-content"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('roleMappings', { value: '', role: 'Teacher' })}
        >
          {t('schoolSignIn.addMapping')}
        </Button>
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="space-between">
          {settings.configured ? (
            <Badge variant="light" color={settings.enabled ? 'green' : 'gray'}>
              {settings.enabled ? t('schoolSignIn.statusOn') : t('schoolSignIn.statusOff')}
            </Badge>
          ) : (
            <span />
          )}
          <Button type="submit" loading={save.isPending}>
            {t('schoolSignIn.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
