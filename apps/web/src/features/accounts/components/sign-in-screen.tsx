import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Center, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClockExclamation, IconLogin2, IconSchool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { emailDomainOf, SignInSchema } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ServerErrorAlert } from '../../../components/forms/server-error-alert.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import {
  interactionQuery,
  schoolSignInQuery,
  startSchoolSignIn,
  submitLogin,
  submitLtiCode,
} from '../api/sign-in.ts';
import { clearLtiCode, readLtiCode } from '../lib/lti-code.ts';
import { storeIntendedPath } from '../../../lib/auth/intended-path.ts';
import { ACCOUNT_PATHS } from '../paths.ts';
import { AuthPageLayout } from './auth-page-layout.tsx';
import { EmailField } from './email-field.tsx';
import { FormSubmit } from './form-submit.tsx';
import { PasswordField } from './password-field.tsx';
import { ResendActivation } from './resend-activation.tsx';

/** The identity provider's login page for interaction `uid` (the provider redirects here). */
export function SignInScreen({ uid }: { uid: string }) {
  const { t } = useTranslation('accounts');
  const details = useQuery(interactionQuery(uid));
  const [expired, setExpired] = useState(false);
  const [ltiCode] = useState(readLtiCode);
  const [ltiFailed, setLtiFailed] = useState(false);

  if (details.isPending) {
    return (
      <AuthPageLayout title={t('signIn.title')}>
        <Center py="xl" role="status" aria-label={t('signIn.loading')}>
          <Loader />
        </Center>
      </AuthPageLayout>
    );
  }

  const code = details.isError ? errorCodeOf(details.error) : null;
  if (expired || code === 'interaction_expired' || code === 'not_found') {
    return <InteractionExpired />;
  }
  if (details.isError) {
    return (
      <AuthPageLayout title={t('signIn.title')}>
        <Stack>
          <ServerErrorAlert code={code} />
          <Button onClick={() => void details.refetch()} loading={details.isFetching}>
            {t('actions.retry')}
          </Button>
        </Stack>
      </AuthPageLayout>
    );
  }

  if (details.data.redirectTo) {
    return <ContinueTo url={details.data.redirectTo} />;
  }

  if (ltiCode && !ltiFailed) {
    return (
      <LtiSignIn
        uid={uid}
        code={ltiCode}
        onExpired={() => setExpired(true)}
        onFailed={() => setLtiFailed(true)}
      />
    );
  }

  return (
    <SignInForm
      uid={uid}
      loginHint={details.data.loginHint ?? ''}
      onExpired={() => setExpired(true)}
      notice={ltiFailed ? t('errors:lti_launch_refused') : undefined}
    />
  );
}

/**
 * Arriving from an LTI launch (/lti/launch left its one-time code in this tab): the code signs in
 * the person the launch named, without a password, and the launch's landing becomes where the
 * sign-in ends (docs/product/lti.md).
 */
function LtiSignIn({
  uid,
  code,
  onExpired,
  onFailed,
}: {
  uid: string;
  code: string;
  onExpired: () => void;
  onFailed: () => void;
}) {
  const { t } = useTranslation('accounts');
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    clearLtiCode();
    submitLtiCode(uid, code).then(
      ({ redirectTo, landing }) => {
        storeIntendedPath(landing);
        window.location.assign(redirectTo);
      },
      (error: unknown) => (errorCodeOf(error) === 'interaction_expired' ? onExpired() : onFailed()),
    );
  }, [uid, code, onExpired, onFailed]);
  return (
    <AuthPageLayout title={t('signIn.title')}>
      <Center py="xl" role="status" aria-label={t('signIn.fromPlatform')}>
        <Loader />
      </Center>
    </AuthPageLayout>
  );
}

/** A consent step the provider answered itself: nothing to ask, just continue the sign-in. */
function ContinueTo({ url }: { url: string }) {
  const { t } = useTranslation('accounts');
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return (
    <AuthPageLayout title={t('signIn.title')}>
      <Center py="xl" role="status" aria-label={t('signIn.continuing')}>
        <Loader />
      </Center>
    </AuthPageLayout>
  );
}

function InteractionExpired() {
  const { t } = useTranslation('accounts');
  return (
    <AuthPageLayout title={t('signIn.expiredTitle')}>
      <Stack>
        <Alert color="orange" variant="light" icon={<IconClockExclamation aria-hidden />}>
          {t('errors:interaction_expired')}
        </Alert>
        <Button component={Link} to={ACCOUNT_PATHS.signIn} leftSection={<IconLogin2 size={18} aria-hidden />}>
          {t('signIn.startAgain')}
        </Button>
      </Stack>
    </AuthPageLayout>
  );
}

function SignInForm({
  uid,
  loginHint,
  onExpired,
  notice,
}: {
  uid: string;
  loginHint: string;
  onExpired: () => void;
  /** Why the person must sign in by hand (a launch whose code was refused). */
  notice?: string | undefined;
}) {
  const { t } = useTranslation('accounts');
  const [redirecting, setRedirecting] = useState(false);
  const [notActivatedEmail, setNotActivatedEmail] = useState<string | null>(null);
  // Back from a school's provider that refused: its reason, translated (docs/product/school-sign-in.md).
  const [searchParams] = useSearchParams();
  const schoolError = searchParams.get('error');
  const { form, serverError, showServerError, handleSubmit } = useSchemaForm({
    initialValues: { email: loginHint, password: '' },
    schema: SignInSchema,
  });
  const [typedEmail] = useDebouncedValue(form.values.email.trim().toLowerCase(), 400);
  const domain = emailDomainOf(typedEmail);
  const school = useQuery({
    ...schoolSignInQuery(uid, typedEmail),
    enabled: !!domain && domain.includes('.'),
  });
  const [schoolStarting, setSchoolStarting] = useState(false);
  const [schoolStartError, setSchoolStartError] = useState<string | null>(null);

  const continueAtSchool = async () => {
    setSchoolStarting(true);
    setSchoolStartError(null);
    try {
      const { redirectTo } = await startSchoolSignIn(uid, typedEmail);
      window.location.assign(redirectTo);
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'interaction_expired') return onExpired();
      setSchoolStarting(false);
      setSchoolStartError(code);
    }
  };

  const onSubmit = handleSubmit(async (input) => {
    setNotActivatedEmail(null);
    try {
      const { redirectTo } = await submitLogin(uid, input);
      // The page is about to leave: keep the button busy so nobody submits twice.
      setRedirecting(true);
      window.location.assign(redirectTo);
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'interaction_expired') return onExpired();
      if (code === 'account_not_activated') setNotActivatedEmail(input.email);
      if (code === 'invalid_credentials') {
        form.setFieldValue('password', '');
        requestAnimationFrame(() => form.getInputNode('password')?.focus());
      }
      showServerError(error);
    }
  });

  return (
    <AuthPageLayout
      title={t('signIn.title')}
      description={t('signIn.description')}
      footer={
        <>
          {t('signIn.noAccount')}{' '}
          <Anchor component={Link} to={ACCOUNT_PATHS.signUp} fw={600}>
            {t('signIn.createAccount')}
          </Anchor>
        </>
      }
    >
      <Stack gap="md">
        <ServerErrorAlert code={schoolError} />
        {notice ? (
          <Alert color="red" variant="light" role="alert">
            {notice}
          </Alert>
        ) : null}
        <form noValidate onSubmit={onSubmit} aria-label={t('signIn.title')}>
          <Stack gap="md">
            <EmailField form={form} autoComplete="username" autoFocus={!loginHint} />
            <Stack gap={6}>
              <PasswordField
                label={t('fields.password')}
                autoComplete="current-password"
                required
                withAsterisk={false}
                autoFocus={!!loginHint}
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
              <Group justify="flex-end">
                <Anchor component={Link} to={ACCOUNT_PATHS.forgotPassword} size="sm">
                  {t('signIn.forgotPassword')}
                </Anchor>
              </Group>
            </Stack>
            <FormSubmit
              error={serverError}
              loading={form.submitting || redirecting}
              icon={<IconLogin2 size={18} aria-hidden />}
            >
              {t('signIn.submit')}
            </FormSubmit>
          </Stack>
        </form>
        {school.data ? (
          <Stack gap="xs">
            <Divider />
            <Button
              variant="filled"
              leftSection={<IconSchool size={18} aria-hidden />}
              loading={schoolStarting}
              onClick={() => void continueAtSchool()}
            >
              {t('signIn.school.continue')}
            </Button>
            <Text size="sm" c="gray.7" ta="center">
              {t('signIn.school.hint', { organization: school.data.organizationName })}
            </Text>
            {schoolStartError ? <ServerErrorAlert code={schoolStartError} /> : null}
          </Stack>
        ) : null}
        {notActivatedEmail ? (
          <Stack gap="xs">
            <Text size="sm" c="gray.7">
              {t('signIn.notActivatedHelp')}
            </Text>
            <ResendActivation key={notActivatedEmail} email={notActivatedEmail} />
          </Stack>
        ) : null}
      </Stack>
    </AuthPageLayout>
  );
}
