import { useTranslation } from 'react-i18next';
import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UserProfile } from '@vbuilder/shared';
import { useRoleLabel } from '../../../components/layout/role-label.ts';
import { initialsOf } from '../../../components/layout/user-display.ts';

/**
 * docs/product/screens.md 'Home dashboard': welcome with the user's name, role and organization, named (its id
 * means nothing to a person).
 */
export function WelcomeCard({ user }: { user: UserProfile | null }) {
  const { t } = useTranslation('dashboard');
  const roleLabel = useRoleLabel();
  const name = user?.name?.trim() || t('welcome.fallbackName');

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
      <Group gap="lg" wrap="nowrap" align="flex-start">
        <Avatar
          src={user?.profile_image || null}
          alt=""
          size={64}
          radius="xl"
          color="indigo.8"
          variant="filled"
          visibleFrom="xs"
        >
          {initialsOf(user?.name)}
        </Avatar>
        <Stack gap={6} miw={0}>
          <Title order={1} size="h2">
            {t('welcome.title', { name })}
          </Title>
          <Text c="gray.7">{t('welcome.subtitle')}</Text>
          <Group gap="xs" mt={4}>
            <Badge variant="light" color="indigo" size="lg" radius="sm">
              {roleLabel(user?.role)}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {user?.organizationName ? (
              <>
                {t('welcome.organization')}{' '}
                <Text span c="dark" size="sm" fw={500}>
                  {user.organizationName}
                </Text>
              </>
            ) : user?.organizationId ? null : (
              t('welcome.noOrganization')
            )}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
