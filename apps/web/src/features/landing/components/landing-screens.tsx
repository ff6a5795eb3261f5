import { Container, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLineHeights } from './use-line-heights.ts';

/**
 * Real screens of vbuilder, taken in Chromium from the demo organization at 1280 × 800 and kept as
 * WebP at two widths (public/screens/). They are below the fold: loaded lazily, with their size
 * set so nothing moves when they arrive; each opens at full size.
 */
const SCREENS = [
  { id: 'attempt', file: 'attempt' },
  { id: 'questionTypes', file: 'question-types' },
  { id: 'assessments', file: 'assessments' },
] as const;
const WIDTH = 1280;
const HEIGHT = 800;

export function LandingScreens() {
  const { t } = useTranslation('landing');
  const lh = useLineHeights();
  const alts: Record<(typeof SCREENS)[number]['id'], { alt: string; caption: string }> = {
    attempt: { alt: t('screens.attempt.alt'), caption: t('screens.attempt.caption') },
    questionTypes: { alt: t('screens.questionTypes.alt'), caption: t('screens.questionTypes.caption') },
    assessments: { alt: t('screens.assessments.alt'), caption: t('screens.assessments.caption') },
  };
  return (
    <Container
      size="lg"
      px="md"
      component="section"
      aria-labelledby="landing-screens"
      py={{ base: 'xl', md: 56 }}
    >
      <Title
        order={2}
        id="landing-screens"
        ta="center"
        fz={{ base: 24, sm: 30 }}
        mb={{ base: 'lg', md: 'xl' }}
      >
        {t('screens.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {SCREENS.map(({ id, file }) => (
          <Paper
            component="figure"
            key={id}
            withBorder
            radius="lg"
            shadow="xs"
            m={0}
            style={{ overflow: 'hidden' }}
          >
            <a href={`/screens/${file}-1280.webp`} style={{ display: 'block' }}>
              <img
                src={`/screens/${file}-640.webp`}
                srcSet={`/screens/${file}-640.webp 640w, /screens/${file}-1280.webp 1280w`}
                sizes="(min-width: 62em) 352px, calc(100vw - 34px)"
                width={WIDTH}
                height={HEIGHT}
                loading="lazy"
                decoding="async"
                alt={alts[id].alt}
                style={{
                  display: 'block',
                  width: '100%',
                  height: 'auto',
                  borderBottom: '1px solid var(--mantine-color-gray-3)',
                }}
              />
            </a>
            <Text component="figcaption" fz="sm" c="gray.8" p="md" lh={lh.body}>
              {alts[id].caption}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}
