import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconMapSearch } from '@tabler/icons-react';

/** Any path without a screen (SPEC §2 'Public routes'): a friendly way back home. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={520}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconMapSearch size={30} stroke={1.6} />
          </ThemeIcon>
          <Text fw={700} c="gray.7" size="sm" tt="uppercase" lts={1}>
            {t('notFound.code')}
          </Text>
          <Title order={1} size="h2">
            {t('notFound.title')}
          </Title>
          <Text c="gray.7">{t('notFound.description')}</Text>
          <Button component={Link} to="/account/home" leftSection={<IconHome size={18} aria-hidden />}>
            {t('notFound.goHome')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
