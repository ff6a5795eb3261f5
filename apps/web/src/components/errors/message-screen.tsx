import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';

interface Props {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color?: MantineColor;
  /** A small line above the title ('Error 404'). */
  eyebrow?: string;
  title: string;
  description: ReactNode;
  /** The whole page (its own main landmark, full height) or a screen inside the account layout. */
  fullPage?: boolean;
}

/**
 * The base of the screens that only say why there is nothing here (not found, access denied):
 * an icon, a title, a sentence, and a way home.
 */
export function MessageScreen({ icon: Icon, color, eyebrow, title, description, fullPage = false }: Props) {
  const { t } = useTranslation('common');
  return (
    <Center mih={fullPage ? '100dvh' : '50dvh'} p="md" component={fullPage ? 'main' : 'div'}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={520}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
            <Icon size={30} stroke={1.6} />
          </ThemeIcon>
          {eyebrow && (
            <Text fw={700} c="gray.7" size="sm" tt="uppercase" lts={1}>
              {eyebrow}
            </Text>
          )}
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="gray.7">{description}</Text>
          <Button component={Link} to="/account/home" leftSection={<IconHome size={18} aria-hidden />}>
            {t('notFound.goHome')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
