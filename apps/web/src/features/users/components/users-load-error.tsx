import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';

interface Props {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  /** Heading level inside the page (the users page: 2; a section of another page: 3). */
  headingOrder?: 2 | 3;
}

/**
 * Why the users could not be shown (SPEC §8): a refusal to show the members ('Unauthorized to
 * view organization's members'), a session that lacks the rights ('Please get the right
 * authentication details to proceed'), or a failed fetch ('Error fetching users') with a retry.
 */
export function UsersLoadError({ error, onRetry, retrying, headingOrder = 2 }: Props) {
  const { t } = useTranslation(['users', 'errors']);
  const errorText = useErrorText();
  const code = errorCodeOf(error);
  const refused = code === 'members_forbidden' || code === 'forbidden';
  const unauthenticated = code === 'unauthorized';

  const title = refused
    ? t('errors:members_forbidden')
    : unauthenticated
      ? t('users:load.authentication')
      : t('users:load.failed');
  const description = refused ? t('users:load.forbiddenDescription') : errorText(code);

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} role="alert">
      <Stack align="center" gap="sm" ta="center" maw={480} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color={refused ? 'orange' : 'red'}>
          {refused ? <IconLock size={28} aria-hidden /> : <IconAlertTriangle size={28} aria-hidden />}
        </ThemeIcon>
        <Title order={headingOrder} size="h3">
          {title}
        </Title>
        <Text c="gray.7">{description}</Text>
        {!refused && !unauthenticated && (
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            {t('users:load.retry')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
