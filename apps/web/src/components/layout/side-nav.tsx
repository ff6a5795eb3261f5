import { useState, type ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBuilding,
  IconCertificate,
  IconClipboardList,
  IconCreditCard,
  IconExternalLink,
  IconLayoutDashboard,
  IconPuzzle,
  IconReceipt,
  IconSparkles,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import {
  activeSectionFor,
  isLinkActive,
  linksFor,
  QUESTION_EXAMPLES_PATH,
  sectionLabelKey,
  sectionsForRole,
  type SectionId,
} from './navigation.ts';
import { useExternalLinks } from './use-external-links.ts';
import { useSubmenuIntent } from './use-submenu-intent.ts';
import classes from './side-nav.module.css';
import { DeferredTooltip } from '../deferred/after-first-interaction.tsx';

type Icon = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

export const SECTION_ICONS: Record<SectionId, Icon> = {
  dashboard: IconLayoutDashboard,
  assessments: IconClipboardList,
  organization: IconBuilding,
  users: IconUsers,
  payments: IconReceipt,
  questiontype: IconPuzzle,
  certifications: IconCertificate,
  ai: IconSparkles,
  subscriptions: IconCreditCard,
  profile: IconUser,
};

const PANEL_ID = 'side-nav-panel';

/**
 * The role's menu (docs/product/screens.md 'Side navigation', docs/product/roles.md): an icon rail selects a section, the panel
 * beside it lists that section's links. Hovering an icon previews its panel (docs/product/limits.md timings).
 * `onNavigate` runs when a link is followed (the mobile drawer closes then); `withSupport` adds the
 * support link, for small screens where the top bar has no room for it.
 */
export function SideNav({
  onNavigate,
  withSupport = false,
}: {
  onNavigate?: () => void;
  withSupport?: boolean;
}) {
  const { t } = useTranslation('common');
  const { user } = useAuth();
  const { pathname } = useLocation();
  const { learningPlatformUrl, supportUrl } = useExternalLinks();
  const sections = sectionsForRole(user?.role);
  const active = activeSectionFor(pathname, sections);

  // The selection follows the path when it changes, and the icons in between.
  const [selected, setSelected] = useState<SectionId>(active);
  const [followed, setFollowed] = useState(active);
  if (followed !== active) {
    setFollowed(active);
    setSelected(active);
  }

  const intent = useSubmenuIntent<SectionId>();
  const current = sections.includes(selected) ? selected : active;
  const shown = intent.preview && sections.includes(intent.preview) ? intent.preview : current;

  const select = (section: SectionId) => {
    intent.reset();
    setSelected(section);
  };

  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      className={classes.root}
      onPointerEnter={intent.enterArea}
      onPointerLeave={intent.leaveArea}
    >
      <Stack className={classes.rail} gap={6} align="center" py="sm">
        {sections.map((section) => {
          const Icon = SECTION_ICONS[section];
          const label = t(sectionLabelKey(section, user?.role));
          return (
            <DeferredTooltip key={section} label={label} position="right" withArrow openDelay={300}>
              <UnstyledButton
                className={classes.railButton}
                aria-label={label}
                aria-pressed={section === current}
                aria-controls={PANEL_ID}
                data-active={section === current || undefined}
                data-previewed={section === shown || undefined}
                onClick={() => select(section)}
                onPointerEnter={(e) => e.pointerType !== 'touch' && intent.hoverItem(section)}
                onPointerLeave={intent.leaveItem}
              >
                <Icon size={22} stroke={1.6} aria-hidden />
              </UnstyledButton>
            </DeferredTooltip>
          );
        })}
      </Stack>

      <Box className={classes.panel} id={PANEL_ID}>
        {/* The browser's own scrolling: Mantine's ScrollArea would bring floating-ui into every screen's first load. */}
        <Box className={classes.panelScroll}>
          <Text component="h2" className={classes.panelTitle}>
            {t(sectionLabelKey(shown, user?.role))}
          </Text>
          <Stack gap={2} px="xs">
            {linksFor(shown, user).map((item) => (
              <NavLink
                key={item.labelKey}
                component={Link}
                to={item.to}
                label={t(item.labelKey)}
                active={isLinkActive(pathname, item.to)}
                aria-current={isLinkActive(pathname, item.to) ? 'page' : undefined}
                pl={item.to === QUESTION_EXAMPLES_PATH ? 'xl' : undefined}
                className={classes.link}
                onClick={onNavigate}
              />
            ))}
          </Stack>
        </Box>
        {learningPlatformUrl || (withSupport && supportUrl) ? (
          <Stack gap={2} className={classes.panelFooter}>
            {learningPlatformUrl ? (
              <ExternalNavLink
                href={learningPlatformUrl}
                label={t('nav.learningPlatform')}
                newTab={t('newTab')}
              />
            ) : null}
            {withSupport && supportUrl ? (
              <ExternalNavLink href={supportUrl} label={t('topBar.supportLink')} newTab={t('newTab')} />
            ) : null}
          </Stack>
        ) : null}
      </Box>
    </Box>
  );
}

/** A link out of vbuilder, opened in a new tab (and announced as such). */
function ExternalNavLink({ href, label, newTab }: { href: string; label: string; newTab: string }) {
  return (
    <NavLink
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      label={label}
      aria-label={`${label} ${newTab}`}
      rightSection={<IconExternalLink size={16} aria-hidden />}
      className={classes.link}
    />
  );
}
