import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanCatalogEntry, PlansResponse } from '@vbuilder/shared';
import { useBillingText } from '../lib/labels.ts';
import { isPricedPackage } from '../lib/plan-choice.ts';

/**
 * The Super Administrator's plan prices: each catalog plan (Basic, Professional,
 * Enterprise) with its prices per billing period and currency and an Edit button; a plan without a
 * price is named at the top, since no Administrator can request it. Free has no price; Custom is
 * priced per organization when it is set up.
 */
export function PlanPricesSection({
  plans,
  onEdit,
}: {
  plans: UseQueryResult<PlansResponse>;
  onEdit: (plan: PlanCatalogEntry) => void;
}) {
  const { t } = useTranslation('billing');
  const text = useBillingText();
  const priced = (plans.data?.data ?? []).filter((plan) => isPricedPackage(plan.name));
  if (priced.length === 0) return null;
  const unpriced = priced.filter((plan) => plan.prices.length === 0).map((plan) => text.planName(plan.name));

  return (
    <Stack gap="md" component="section" aria-labelledby="plan-prices-heading">
      <div>
        <Title order={2} size="h3" id="plan-prices-heading">
          {t('prices.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('prices.subtitle')}
        </Text>
      </div>
      {unpriced.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('prices.missingTitle')}
        >
          {t('prices.missing', {
            plans: new Intl.ListFormat(text.locale, { type: 'conjunction' }).format(unpriced),
          })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {priced.map((plan) => {
          const name = text.planName(plan.name);
          return (
            <Card key={plan.name} withBorder radius="lg" padding="md" role="group" aria-label={name}>
              <Stack gap="xs" h="100%">
                <Title order={3} size="h5">
                  {name}
                </Title>
                {plan.prices.length === 0 ? (
                  <Text size="sm" c="orange.9" fw={500}>
                    {t('prices.none')}
                  </Text>
                ) : (
                  <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                    {plan.prices.map((price) => (
                      <Text component="li" size="sm" key={`${price.period}:${price.currency}`}>
                        {text.perPeriod(price.period, text.money(price.amountMinor, price.currency))}
                      </Text>
                    ))}
                  </Stack>
                )}
                <Group mt="auto" pt="xs">
                  <Button
                    size="compact-sm"
                    variant={plan.prices.length === 0 ? 'filled' : 'light'}
                    leftSection={<IconPencil size={14} aria-hidden />}
                    aria-label={t('prices.editPlan', { plan: name })}
                    onClick={() => onEdit(plan)}
                  >
                    {plan.prices.length === 0 ? t('prices.set') : t('prices.edit')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
