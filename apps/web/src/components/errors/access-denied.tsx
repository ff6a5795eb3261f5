import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconLock } from '@tabler/icons-react';

/**
 * A screen the signed-in role may not open (SPEC §6), reached by its address: said plainly, with a
 * way home. It stays on the address (no redirect), so there is nothing to loop.
 */
export function AccessDenied() {
  const { t } = useTranslation('common');
  return (
    <Center mih="50dvh" p="md">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={520}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
            <IconLock size={30} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('accessDenied.title')}
          </Title>
          <Text c="gray.7">{t('accessDenied.description')}</Text>
          <Button component={Link} to="/account/home" leftSection={<IconHome size={18} aria-hidden />}>
            {t('notFound.goHome')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
