import { Container, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconChartBar, IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLineHeights } from './use-line-heights.ts';

/** docs/product/screens.md's three features, each with a sentence on what it does. */
const FEATURES = [
  { id: 'live', icon: IconBolt, color: 'indigo' },
  { id: 'questions', icon: IconListCheck, color: 'violet' },
  { id: 'analytics', icon: IconChartBar, color: 'teal' },
] as const;

export function LandingFeatures() {
  const { t } = useTranslation('landing');
  const lh = useLineHeights();
  return (
    <Container
      size="lg"
      px="md"
      component="section"
      aria-labelledby="landing-features"
      py={{ base: 'xl', md: 56 }}
    >
      <Title
        order={2}
        id="landing-features"
        ta="center"
        fz={{ base: 24, sm: 30 }}
        mb={{ base: 'lg', md: 'xl' }}
      >
        {t('features.title')}
      </Title>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 3 }}
        spacing="lg"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {FEATURES.map(({ id, icon: Icon, color }) => (
          <Paper component="li" key={id} withBorder radius="lg" p="lg" shadow="xs">
            <ThemeIcon size={44} radius="md" variant="light" color={color} mb="md" aria-hidden>
              <Icon size={24} />
            </ThemeIcon>
            <Title order={3} fz="lg" mb={6}>
              {t(`features.${id}.title`)}
            </Title>
            <Text fz="sm" c="gray.8" lh={lh.body}>
              {t(`features.${id}.description`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}
