import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconExternalLink, IconLogout, IconUser } from '@tabler/icons-react';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { useRoleLabel } from './role-label.ts';
import { useExternalLinks } from './use-external-links.ts';
import { initialsOf, PLACEHOLDER_EMAIL } from './user-display.ts';

/** SPEC §2: 56 units. */
export const AVATAR_MENU_WIDTH = '14rem';

/**
 * The signed-in person (SPEC §2 'Avatar menu'): name, email and role, with Profile, the learning
 * platform and Logout. Until the user id is known the trigger is disabled and says (Loading...).
 */
export function AvatarMenu() {
  const { t } = useTranslation('common');
  const { user, logout } = useAuth();
  const { learningPlatformUrl } = useExternalLinks();
  const roleLabel = useRoleLabel();

  const ready = Boolean(user?.id);
  const name = user?.name?.trim() || t('avatar.defaultName');
  const email = user?.email || PLACEHOLDER_EMAIL;
  const role = roleLabel(user?.role);
  const avatar = (
    <Avatar src={user?.profile_image || null} alt="" radius="xl" size={36} color="indigo.8" variant="filled">
      {initialsOf(user?.name)}
    </Avatar>
  );

  return (
    <Menu width={AVATAR_MENU_WIDTH} position="bottom-end" shadow="md" withinPortal disabled={!ready}>
      <Menu.Target>
        <UnstyledButton
          disabled={!ready}
          aria-label={ready ? t('avatar.open', { name }) : t('avatar.loading')}
          style={{ borderRadius: 999, opacity: ready ? 1 : 0.7, cursor: ready ? 'pointer' : 'default' }}
        >
          <Group gap={8} wrap="nowrap">
            {avatar}
            <Box visibleFrom="sm" maw={160}>
              <Text size="sm" fw={600} truncate>
                {ready ? name : t('avatar.loading')}
              </Text>
              {ready ? (
                <Text size="xs" c="gray.7" truncate>
                  {role}
                </Text>
              ) : null}
            </Box>
            {ready ? <IconChevronDown size={14} aria-hidden /> : null}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c="gray.7" truncate>
            {email}
          </Text>
          <Text size="xs" c="indigo" fw={600} mt={2}>
            {role}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={`/account/profile/${encodeURIComponent(user?.id ?? '')}`}
          leftSection={<IconUser size={16} aria-hidden />}
        >
          {t('avatar.profile')}
        </Menu.Item>
        {learningPlatformUrl ? (
          <Menu.Item
            component="a"
            href={learningPlatformUrl}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            {t('avatar.learningPlatform')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void logout()}
        >
          {t('avatar.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
