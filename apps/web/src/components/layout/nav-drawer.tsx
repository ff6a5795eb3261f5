import { useTranslation } from 'react-i18next';
import { Box, Drawer } from '@mantine/core';
import { NAV_WIDTH } from './account-layout.tsx';
import { Brand } from './brand.tsx';
import { SideNav } from './side-nav.tsx';
import classes from './account-layout.module.css';

/** The role's side menu in a left drawer, below the md breakpoint (account-layout.tsx). */
export default function NavDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation('common');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
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
      <SideNav onNavigate={onClose} withSupport />
    </Drawer>
  );
}
