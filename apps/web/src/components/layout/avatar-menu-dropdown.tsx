import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Menu, Text } from '@mantine/core';
import { IconExternalLink, IconLogout, IconUser } from '@tabler/icons-react';
import { AVATAR_MENU_WIDTH } from './avatar-menu.tsx';

interface Props {
  trigger: ReactElement;
  disabled: boolean;
  /** Opened at once: the trigger was clicked while this code was on its way. */
  defaultOpened: boolean;
  name: string;
  email: string;
  role: string;
  userId: string;
  learningPlatformUrl: string | null | undefined;
  onLogout(): void;
}

/** The avatar menu itself (its own chunk: it comes with the first interaction). */
export default function AvatarMenuDropdown({
  trigger,
  disabled,
  defaultOpened,
  name,
  email,
  role,
  userId,
  learningPlatformUrl,
  onLogout,
}: Props) {
  const { t } = useTranslation('common');
  return (
    <Menu
      width={AVATAR_MENU_WIDTH}
      position="bottom-end"
      shadow="md"
      withinPortal
      disabled={disabled}
      defaultOpened={defaultOpened}
    >
      <Menu.Target>{trigger}</Menu.Target>
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
          to={`/account/profile/${encodeURIComponent(userId)}`}
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
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          {t('avatar.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
