import type { ReactNode } from 'react';
import { Anchor, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLineHeights } from '../features/landing/components/use-line-heights.ts';

/**
 * The landing page's sign-in card: its words, the sign-in control and the account links. The app
 * (routes/login-route.tsx) gives it a button that signs in; the prerendered page
 * (prerender-landing.tsx) a plain form that asks the app to (/login?login=1), so the card works
 * before any of the app's code has loaded.
 */
export function SignInCard({ action, alert }: { action: ReactNode; alert?: ReactNode }) {
  const { t } = useTranslation('auth');
  const { t: tl } = useTranslation('landing');
  const lh = useLineHeights();
  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz={{ base: 22, sm: 24 }}>
            {tl('signIn.title')}
          </Title>
          <Text c="gray.7" size="sm" lh={lh.body}>
            {tl('signIn.description')}
          </Text>
        </Stack>

        {alert}
        {action}

        <Divider />

        <Group justify="space-between" gap="xs">
          <Text size="sm">
            <Anchor component={Link} to="/sign-up">
              {t('login.createAccount')}
            </Anchor>
          </Text>
          <Text size="sm">
            <Anchor component={Link} to="/forgotpassword">
              {t('login.forgotPassword')}
            </Anchor>
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
