import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppShell, Box, Drawer, em } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Brand } from './brand.tsx';
import { RouteAccessGuard } from './route-access-guard.tsx';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import classes from './account-layout.module.css';

/** SPEC §2: the menu column is 64 units wide, the drawer on small screens as wide. */
export const NAV_WIDTH = '16rem';
const HEADER_HEIGHT = 60;

/**
 * The signed-in shell of /account: the top bar, the role's side menu (a fixed column from the md
 * breakpoint, a left drawer below it) and the screen in the main area, or a refusal when the role
 * may not open it. `topBarActions` are what the app adds to the top bar (features are not
 * imported here): the notifications' bell.
 */
export function AccountLayout({ topBarActions }: { topBarActions?: ReactNode } = {}) {
  const { t } = useTranslation('common');
  const [drawerOpened, { close: closeDrawer, toggle: toggleDrawer }] = useDisclosure(false);
  const wide = useMediaQuery(`(min-width: ${em(992)})`);

  // A drawer left open while the window grows would sit on top of the fixed column.
  useEffect(() => {
    if (wide) closeDrawer();
  }, [wide, closeDrawer]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAV_WIDTH, breakpoint: 'md', collapsed: { mobile: true } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <TopBar navOpened={drawerOpened} onToggleNav={toggleDrawer} actions={topBarActions} />
      </AppShell.Header>
      <AppShell.Navbar>
        <SideNav />
      </AppShell.Navbar>
      <Drawer
        opened={drawerOpened}
        onClose={closeDrawer}
        size={NAV_WIDTH}
        padding={0}
        title={
          <Box px="md">
            <Brand size="sm" />
          </Box>
        }
        closeButtonProps={{ 'aria-label': t('topBar.closeNavigation') }}
        classNames={{ body: classes.drawerBody, header: classes.drawerHeader }}
      >
        <SideNav onNavigate={closeDrawer} withSupport />
      </Drawer>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <RouteAccessGuard>
          <Outlet />
        </RouteAccessGuard>
      </AppShell.Main>
    </AppShell>
  );
}
