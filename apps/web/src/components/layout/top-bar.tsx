import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Anchor, Burger, Button, Group } from '@mantine/core';
import { IconExternalLink, IconLifebuoy, IconLogout } from '@tabler/icons-react';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { AvatarMenu } from './avatar-menu.tsx';
import { Brand } from './brand.tsx';
import { LanguagePicker } from './language-picker.tsx';
import { useExternalLinks } from './use-external-links.ts';
import { DeferredTooltip } from '../deferred/after-first-interaction.tsx';

/**
 * The brand, with the learning platform and support (new tabs), what the app adds (`actions`:
 * the notifications' bell), the language picker, logout and the avatar menu.
 */
export function TopBar({
  navOpened,
  onToggleNav,
  actions,
}: {
  navOpened: boolean;
  onToggleNav: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('common');

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="md"
          size="sm"
          aria-label={navOpened ? t('topBar.closeNavigation') : t('topBar.openNavigation')}
          aria-expanded={navOpened}
        />
        <Anchor
          component={Link}
          to="/account/home"
          underline="never"
          c="inherit"
          aria-label={t('topBar.home')}
        >
          <Brand />
        </Anchor>
      </Group>

      <Group gap={4} wrap="nowrap">
        <ExternalLinks />
        {actions}
        <LanguagePicker />
        <LogoutButton />
        <AvatarMenu />
      </Group>
    </Group>
  );
}

/**
 * The learning platform and support links, when the server names them. Their own component: the
 * configuration's arrival renders these two links again, not the whole top bar.
 */
function ExternalLinks() {
  const { t } = useTranslation('common');
  const { learningPlatformUrl, supportUrl } = useExternalLinks();
  return (
    <>
      {learningPlatformUrl ? (
        <Button
          component="a"
          href={learningPlatformUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          color="gray"
          visibleFrom="lg"
          rightSection={<IconExternalLink size={14} aria-hidden />}
          aria-label={`${t('topBar.learningPlatform')} ${t('newTab')}`}
        >
          {t('topBar.learningPlatform')}
        </Button>
      ) : null}
      {supportUrl ? (
        <DeferredTooltip label={t('topBar.support')}>
          <ActionIcon
            component="a"
            href={supportUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray"
            size="lg"
            visibleFrom="sm"
            aria-label={`${t('topBar.support')} ${t('newTab')}`}
          >
            <IconLifebuoy size={20} aria-hidden />
          </ActionIcon>
        </DeferredTooltip>
      ) : null}
    </>
  );
}

/** Its own component, like ExternalLinks: a change in the session renders the button, not the bar. */
function LogoutButton() {
  const { t } = useTranslation('common');
  const { logout } = useAuth();
  return (
    <DeferredTooltip label={t('topBar.logout')}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('topBar.logout')}
        onClick={() => void logout()}
      >
        <IconLogout size={20} aria-hidden />
      </ActionIcon>
    </DeferredTooltip>
  );
}
