import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from './language-picker.tsx';

interface AuthPageLayoutProps {
  title: string;
  description?: ReactNode;
  /** Shown under the card, e.g. "Already have an account? Sign in". */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of every public account screen: brand, language, one centred card. */
export function AuthPageLayout({ title, description, footer, children }: AuthPageLayoutProps) {
  const { t } = useTranslation('accounts');
  useDocumentTitle(t('layout.documentTitle', { title }));

  return (
    <Box
      mih="100dvh"
      style={{
        background:
          'linear-gradient(160deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-gray-0) 45%, var(--mantine-color-white) 100%)',
      }}
    >
      <Container size={480} px="md" py={{ base: 'md', sm: 40 }}>
        <Group component="header" justify="space-between" wrap="nowrap" mb={{ base: 'md', sm: 'xl' }}>
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('layout.home')}>
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon size={36} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'violet' }}>
                <IconChecklist size={22} aria-hidden />
              </ThemeIcon>
              <Text fw={800} fz="xl" lh={1}>
                vbuilder
              </Text>
            </Group>
          </Anchor>
          <LanguagePicker />
        </Group>

        <Box component="main">
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }}>
            <Stack gap={4} mb="lg">
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {title}
              </Title>
              {description ? (
                <Text c="gray.7" size="sm">
                  {description}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Paper>
          {footer ? (
            <Text ta="center" size="sm" mt="lg" c="gray.7">
              {footer}
            </Text>
          ) : null}
        </Box>
      </Container>
    </Box>
  );
}
