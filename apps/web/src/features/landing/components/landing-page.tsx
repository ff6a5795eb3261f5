import type { ReactNode } from 'react';
import { Anchor, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '../../../components/layout/brand.tsx';
import { LandingCallToAction } from './landing-call-to-action.tsx';
import { LandingFeatures } from './landing-features.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingPlans } from './landing-plans.tsx';
import { LandingScreens } from './landing-screens.tsx';
import { useLineHeights } from './use-line-heights.ts';

interface LandingPageProps {
  /** The welcome heading (docs/product/screens.md: the login screen welcomes the visitor). */
  title: string;
  /** The sign-in card: the login screen's own behaviour, placed beside the welcome. */
  signIn: ReactNode;
  /** The visitors' language picker (the public account pages' own, composed by the route). */
  languagePicker: ReactNode;
}

/**
 * The public page at / and /login (docs/product/screens.md landing page): welcome with the sign-in beside it, the
 * three features, screens of the product, plans and prices, a call to action and a footer with
 * the product links. Visitors pick their
 * language here before signing in.
 */
export function LandingPage({ title, signIn, languagePicker }: LandingPageProps) {
  const { t } = useTranslation('landing');
  const lh = useLineHeights();
  useDocumentTitle(t('documentTitle'));

  return (
    <Box
      data-landing
      mih="100dvh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background:
          'linear-gradient(170deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-gray-0) 40%, var(--mantine-color-white) 75%)',
      }}
    >
      <Container size="lg" px="md" component="header" w="100%">
        <Group justify="space-between" wrap="nowrap" py="md">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('home')}>
            <Brand />
          </Anchor>
          {languagePicker}
        </Group>
      </Container>

      <Box component="main" style={{ flex: 1 }}>
        <Container
          size="lg"
          px="md"
          component="section"
          aria-labelledby="landing-welcome"
          py={{ base: 'md', md: 48 }}
        >
          <SimpleGrid
            cols={{ base: 1, md: 2 }}
            spacing={{ base: 'xl', md: 56 }}
            style={{ alignItems: 'center' }}
          >
            <Stack gap="md" justify="center">
              <Text c="indigo.8" fw={700} tt="uppercase" fz="sm" style={{ letterSpacing: '0.04em' }}>
                {t('hero.eyebrow')}
              </Text>
              <Title order={1} id="landing-welcome" fz={{ base: 34, sm: 46 }} lh={lh.heading}>
                {title}
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="gray.8" lh={lh.body}>
                {t('hero.lead')}
              </Text>
              <Group gap="sm" mt="xs">
                <Text fz="sm" c="gray.8">
                  {t('hero.newOrganization')}
                </Text>
                <Button
                  component={Link}
                  to="/create-organization"
                  variant="light"
                  leftSection={<IconBuildingCommunity size={18} aria-hidden />}
                >
                  {t('hero.createOrganization')}
                </Button>
              </Group>
            </Stack>
            <Box>{signIn}</Box>
          </SimpleGrid>
        </Container>

        <LandingFeatures />
        <LandingScreens />
        <LandingPlans />
        <LandingCallToAction />
      </Box>

      <LandingFooter />
    </Box>
  );
}
