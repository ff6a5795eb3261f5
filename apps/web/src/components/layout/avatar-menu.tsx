import { cloneElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { useRoleLabel } from './role-label.ts';
import { useExternalLinks } from './use-external-links.ts';
import { initialsOf, PLACEHOLDER_EMAIL } from './user-display.ts';
import { markInteracted, useAfterFirstInteraction } from '../deferred/first-interaction.ts';

// The menu itself is its own chunk: it comes with the first interaction.
const loadDropdown = () => import('./avatar-menu-dropdown.tsx').then((m) => m.default);

/** docs/product/screens.md: 56 units. */
export const AVATAR_MENU_WIDTH = '14rem';

/**
 * The signed-in person (docs/product/screens.md 'Avatar menu'): name, email and role, with Profile, the learning
 * platform and Logout. Until the user id is known the trigger is disabled and says (Loading...).
 */
export function AvatarMenu() {
  const { t } = useTranslation('common');
  const { user, logout } = useAuth();
  const { learningPlatformUrl } = useExternalLinks();
  const roleLabel = useRoleLabel();
  // Clicked before the menu's code came: it opens as soon as it is here.
  const [openRequested, setOpenRequested] = useState(false);
  const AvatarMenuDropdown = useAfterFirstInteraction(loadDropdown);

  const ready = Boolean(user?.id);
  const name = user?.name?.trim() || t('avatar.defaultName');
  const email = user?.email || PLACEHOLDER_EMAIL;
  const role = roleLabel(user?.role);
  const avatar = (
    <Avatar src={user?.profile_image || null} alt="" radius="xl" size={36} color="indigo.8" variant="filled">
      {initialsOf(user?.name)}
    </Avatar>
  );

  const trigger = (
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
  );

  if (!AvatarMenuDropdown) {
    return cloneElement(trigger, {
      onClick: ready
        ? () => {
            setOpenRequested(true);
            markInteracted();
          }
        : undefined,
    });
  }
  return (
    <AvatarMenuDropdown
      trigger={trigger}
      disabled={!ready}
      defaultOpened={openRequested}
      name={name}
      email={email}
      role={role}
      userId={user?.id ?? ''}
      learningPlatformUrl={learningPlatformUrl}
      onLogout={() => void logout()}
    />
  );
}
