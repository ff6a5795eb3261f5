import { useState } from 'react';
import { Box, Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLockExclamation, IconLogout, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AUTH_LIMITS } from '../../lib/auth/constants.ts';

/** Why the screen shows: an AuthError's code, or a page that failed to render. */
export type AuthErrorReason = 'init_timeout' | 'callback_failed' | 'init_failed' | 'render_failed';

export interface AuthErrorScreenProps {
  reason: AuthErrorReason;
  /** 'Try Again' uses so far; the button is offered while fewer than 3 were used. */
  retryCount: number;
  onRetry(): void;
  onSignOut(): void | Promise<void>;
}

export const canRetry = (retryCount: number) => retryCount < AUTH_LIMITS.maxErrorScreenRetries;

/**
 * docs/product/screens.md "Authentication error screen". It lives outside the router (the session wraps the
 * whole app), so it navigates with full page loads only.
 */
export function AuthErrorScreen({ reason, retryCount, onRetry, onSignOut }: AuthErrorScreenProps) {
  const { t } = useTranslation('auth');
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await onSignOut();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <Box component="main" mih="100dvh" bg="gray.0" px="md">
      <Center mih="100dvh" py="xl">
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 40 }} w="100%" maw={480} role="alert">
          <Stack align="center" gap="md" ta="center">
            <ThemeIcon size={64} radius="xl" color="red" variant="light">
              <IconLockExclamation size={34} aria-hidden />
            </ThemeIcon>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('errorScreen.title')}
            </Title>
            <Text>{t('errorScreen.description')}</Text>
            <Text size="sm" c="gray.7">
              {t(`errorScreen.reasons.${reason}`)}
            </Text>
            <Group justify="center" gap="sm" mt="sm" w="100%">
              {canRetry(retryCount) ? (
                <Button
                  leftSection={<IconRefresh size={18} aria-hidden />}
                  onClick={onRetry}
                  disabled={signingOut}
                >
                  {t('errorScreen.tryAgain')}
                </Button>
              ) : null}
              <Button
                variant={canRetry(retryCount) ? 'default' : 'filled'}
                leftSection={<IconLogout size={18} aria-hidden />}
                onClick={() => void signOut()}
                loading={signingOut}
              >
                {t('errorScreen.signOutAndRestart')}
              </Button>
            </Group>
            {!canRetry(retryCount) ? (
              <Text size="xs" c="gray.7">
                {t('errorScreen.noMoreRetries')}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
