import { Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIST_PRICES, PLANS, typesOfPlan, type PricedPackage } from '@vbuilder/shared';
import { formatCount, formatListPrice } from '../lib/list-price.ts';
import { useLineHeights } from './use-line-heights.ts';

/** The plans a visitor can start on, cheapest first; Custom is agreed with vbuilder, not listed. */
const SHOWN = ['Free', 'Basic', 'Professional', 'Enterprise'] as const;
type ShownPlan = (typeof SHOWN)[number];
const HIGHLIGHTED: ShownPlan = 'Professional';

/**
 * Plans and prices, from the shared plan catalog (the allowances and question types billing
 * enforces, and the list prices a new installation's catalog starts with), formatted for the
 * page's language. The landing page is prerendered per language, so the prices are in its HTML.
 */
export function LandingPlans() {
  const { t, i18n } = useTranslation('landing');
  const lh = useLineHeights();
  const lng = i18n.language;
  const names: Record<ShownPlan, string> = {
    Free: t('pricing.plans.Free'),
    Basic: t('pricing.plans.Basic'),
    Professional: t('pricing.plans.Professional'),
    Enterprise: t('pricing.plans.Enterprise'),
  };
  const priceOf = (name: ShownPlan) => {
    if (name === 'Free') return { month: t('pricing.freePrice'), year: null };
    const list = LIST_PRICES[name satisfies PricedPackage];
    return {
      month: t('pricing.perMonth', { price: formatListPrice(list.month, list.currency, lng) }),
      year: t('pricing.perYear', { price: formatListPrice(list.year, list.currency, lng) }),
    };
  };

  return (
    <Container
      size="lg"
      px="md"
      component="section"
      aria-labelledby="landing-pricing"
      py={{ base: 'xl', md: 56 }}
    >
      <Title order={2} id="landing-pricing" ta="center" fz={{ base: 24, sm: 30 }}>
        {t('pricing.title')}
      </Title>
      <Text ta="center" c="gray.8" mt="xs" mb={{ base: 'lg', md: 'xl' }} maw={640} mx="auto" lh={lh.body}>
        {t('pricing.lead')}
      </Text>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2, md: 4 }}
        spacing="lg"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {SHOWN.map((name) => {
          const plan = PLANS[name];
          const price = priceOf(name);
          const highlighted = name === HIGHLIGHTED;
          return (
            <Paper
              component="li"
              key={name}
              data-plan={name}
              withBorder
              radius="lg"
              p="lg"
              shadow={highlighted ? 'md' : 'xs'}
              style={
                highlighted ? { borderColor: 'var(--mantine-color-indigo-6)', borderWidth: 2 } : undefined
              }
            >
              <Stack gap="sm" h="100%">
                <Title order={3} fz="lg">
                  {names[name]}
                </Title>
                <div>
                  <Text fz={26} fw={700} lh={1.3} data-price="month">
                    {price.month}
                  </Text>
                  {price.year ? (
                    <Text fz="sm" c="gray.7" data-price="year">
                      {price.year}
                    </Text>
                  ) : null}
                </div>
                <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none', flex: 1 }}>
                  {[
                    plan.monthlyAssessments === null
                      ? t('pricing.unlimited')
                      : t('pricing.allowance', {
                          count: plan.monthlyAssessments,
                          formatted: formatCount(plan.monthlyAssessments, lng),
                        }),
                    t('pricing.types', { count: typesOfPlan(plan).length }),
                  ].map((line) => (
                    <Group component="li" key={line} gap={8} wrap="nowrap" align="flex-start">
                      <IconCheck
                        size={16}
                        color="var(--mantine-color-teal-7)"
                        aria-hidden
                        style={{ flex: 'none', marginTop: 3 }}
                      />
                      <Text fz="sm" c="gray.8" lh={lh.body}>
                        {line}
                      </Text>
                    </Group>
                  ))}
                </Stack>
                {highlighted ? (
                  <Badge variant="light" color="indigo" style={{ alignSelf: 'flex-start' }}>
                    {t('pricing.popular')}
                  </Badge>
                ) : null}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      <Stack align="center" gap="sm" mt="xl">
        <Button
          component={Link}
          to="/create-organization"
          size="md"
          leftSection={<IconBuildingCommunity size={18} aria-hidden />}
        >
          {t('hero.createOrganization')}
        </Button>
        <Text fz="sm" c="gray.7" ta="center">
          {t('pricing.note')}
        </Text>
      </Stack>
    </Container>
  );
}
