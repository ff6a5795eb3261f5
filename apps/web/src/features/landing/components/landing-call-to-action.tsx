import { Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { IconArrowRight, IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLineHeights } from './use-line-heights.ts';

/**
 * The call to action: create an organization, or sign in. The sign-in is a link to /login?login=1,
 * which starts signing in once on arrival (the login screen's own rule), so it needs no second copy
 * of the sign-in logic.
 */
export function LandingCallToAction() {
  const { t } = useTranslation('landing');
  const lh = useLineHeights();
  return (
    <Container
      size="lg"
      px="md"
      component="section"
      aria-labelledby="landing-cta"
      pb={{ base: 'xl', md: 64 }}
    >
      <Paper
        radius="lg"
        p={{ base: 'lg', sm: 40 }}
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-indigo-8) 0%, var(--mantine-color-violet-8) 100%)',
        }}
      >
        <Title order={2} id="landing-cta" fz={{ base: 22, sm: 28 }} c="white">
          {t('cta.title')}
        </Title>
        <Text c="white" mt="xs" maw={640} lh={lh.body}>
          {t('cta.description')}
        </Text>
        <Group gap="sm" mt="lg">
          <Button
            component={Link}
            to="/create-organization"
            variant="white"
            color="indigo.9"
            leftSection={<IconBuildingCommunity size={18} aria-hidden />}
          >
            {t('hero.createOrganization')}
          </Button>
          <Button
            component={Link}
            to="/login?login=1"
            variant="outline"
            color="white"
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            {t('cta.signIn')}
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}
