import { lazy, memo, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppShell, em } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { RouteAccessGuard } from './route-access-guard.tsx';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import classes from './account-layout.module.css';

// The phone's menu drawer (its own chunk): fetched when first opened, kept for closing and reopening.
const NavDrawer = lazy(() => import('./nav-drawer.tsx'));

/** docs/product/screens.md: the menu column is 64 units wide, the drawer on small screens as wide. */
export const NAV_WIDTH = '16rem';
const HEADER_HEIGHT = 60;

/**
 * The signed-in shell of /account: the top bar, the role's side menu (a fixed column from the md
 * breakpoint, a left drawer below it) and the screen in the main area, or a refusal when the role
 * may not open it. `topBarActions` are what the app adds to the top bar (features are not
 * imported here): the notifications' bell. Memoized: the session's changes that do not concern the
 * shell (a refreshed profile) do not render it again.
 */
export const AccountLayout = memo(function AccountLayout({ topBarActions }: { topBarActions?: ReactNode }) {
  const { t } = useTranslation('common');
  const [drawerOpened, { close: closeDrawer, toggle: toggleDrawer }] = useDisclosure(false);
  // Read before the first render: a phone never renders the column's menu (it is hidden there and
  // the drawer has its own), which spares the attempt screen's first render on a phone.
  const wide = useMediaQuery(`(min-width: ${em(992)})`, undefined, { getInitialValueInEffect: false });
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (drawerOpened && !drawerLoaded) setDrawerLoaded(true);

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
      <AppShell.Navbar>{wide ? <SideNav /> : null}</AppShell.Navbar>
      {drawerLoaded ? (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} onClose={closeDrawer} />
        </Suspense>
      ) : null}
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <RouteAccessGuard>
          <Outlet />
        </RouteAccessGuard>
      </AppShell.Main>
    </AppShell>
  );
});
