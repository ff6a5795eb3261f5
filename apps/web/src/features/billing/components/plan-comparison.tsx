import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconAlertTriangle, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BillingPeriod, PlanCatalogEntry, PlansResponse, Subscription } from '@vbuilder/shared';
import { useBillingText } from '../lib/labels.ts';
import {
  catalogCurrencies,
  isPricedPackage,
  planChoice,
  priceOf,
  type PlanChoice,
} from '../lib/plan-choice.ts';
import { CardCheckoutButton } from './card-checkout-button.tsx';
import { QuestionTypeList } from './question-type-list.tsx';
import { useScheduledChange } from '../hooks/use-scheduled-change.tsx';
import { useRequestPlanDialog, type RequestTarget } from './request-plan-dialog.tsx';
import { SupportLink } from './support-link.tsx';

interface Props {
  plans: UseQueryResult<PlansResponse>;
  subscription: Subscription | undefined;
  /** Whom a request is for; null: the catalog is only shown (no organization chosen). */
  target: RequestTarget | null;
  /** The Super Administrator's price editor: a plan without a price offers to set it. */
  onEditPrices?: (plan: PlanCatalogEntry) => void;
  /** The Super Administrator, once an organization is picked: the Custom card sets up a Custom plan for it. */
  onSetUpCustom?: () => void;
}

/**
 * The plan comparison (docs/product/data.md Plan table): every plan with its price per month or year in its
 * currency, its monthly allowance and question types, and Upgrade / Renew / Request. docs/product/states.md: a
 * failed catalog load is an empty catalog with its message and a retry.
 */
export function PlanComparison({ plans, subscription, target, onEditPrices, onSetUpCustom }: Props) {
  const { t } = useTranslation('billing');
  const [period, setPeriod] = useState<BillingPeriod>('month');
  const [pickedCurrency, setPickedCurrency] = useState<string | null>(null);
  const openRequest = useRequestPlanDialog();
  const scheduled = useScheduledChange();
  const catalog = plans.data?.data ?? [];
  const currencies = catalogCurrencies(catalog);
  const currency =
    pickedCurrency && currencies.includes(pickedCurrency) ? pickedCurrency : (currencies[0] ?? null);
  const waiting = subscription?.pendingRequest ?? null;
  // Card payment: an Administrator for their own organization, when the server takes cards.
  const cardPayments = Boolean(plans.data?.cardPayments) && target?.kind === 'own';

  return (
    <Stack gap="md" component="section" aria-labelledby="plans-heading">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} size="h3" id="plans-heading">
            {t('plans.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('plans.subtitle')}
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          {currencies.length > 1 && (
            <Select
              label={t('plans.currency')}
              size="sm"
              w={110}
              allowDeselect={false}
              value={currency}
              data={currencies}
              onChange={setPickedCurrency}
            />
          )}
          <SegmentedControl
            aria-label={t('plans.periodLabel')}
            value={period}
            onChange={(value) => setPeriod(value as BillingPeriod)}
            data={[
              { value: 'month', label: t('plans.monthly') },
              { value: 'year', label: t('plans.yearly') },
            ]}
          />
        </Group>
      </Group>

      {waiting && target && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('plans.waiting', { number: waiting.invoiceNumber ?? '—' })}
        </Alert>
      )}

      {plans.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={260} radius="lg" />
          ))}
        </SimpleGrid>
      ) : plans.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('plans.loadFailed')}</Text>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void plans.refetch()}
              loading={plans.isFetching}
            >
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      ) : catalog.length === 0 ? (
        <Text c="gray.7">{t('plans.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {catalog.map((plan) => {
            const choice = target ? planChoice(plan, subscription) : null;
            return (
              <PlanCard
                key={plan.name}
                plan={plan}
                period={period}
                currency={currency}
                subscription={subscription}
                choice={choice}
                blocked={Boolean(waiting)}
                cardAction={
                  cardPayments && choice && choice !== 'downgrade' ? (
                    <CardCheckoutButton
                      plan={plan}
                      choice={choice}
                      period={period}
                      currency={currency}
                      disabled={Boolean(waiting)}
                      renewalFrom={subscription?.renewalDate ?? null}
                      subscription={subscription}
                    />
                  ) : null
                }
                onEditPrices={onEditPrices && (() => onEditPrices(plan))}
                onSetUpCustom={plan.name === 'Custom' && target ? onSetUpCustom : undefined}
                onChoose={(choice, price) => {
                  if (!target) return;
                  if (choice === 'downgrade') {
                    if (subscription) scheduled.openDowngrade(plan, price, subscription);
                    return;
                  }
                  openRequest({
                    plan,
                    choice,
                    price,
                    target,
                    renewalFrom: subscription?.renewalDate ?? null,
                    subscription,
                  });
                }}
              />
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function PlanCard({
  plan,
  period,
  currency,
  subscription,
  choice,
  blocked,
  cardAction,
  onEditPrices,
  onSetUpCustom,
  onChoose,
}: {
  plan: PlanCatalogEntry;
  period: BillingPeriod;
  currency: string | null;
  subscription: Subscription | undefined;
  choice: PlanChoice | null;
  blocked: boolean;
  /** Pay by card, beside the invoice request. */
  cardAction: ReactNode;
  onEditPrices: (() => void) | undefined;
  /** Custom, for the Super Administrator with an organization picked. */
  onSetUpCustom: (() => void) | undefined;
  onChoose: (choice: PlanChoice, price: NonNullable<ReturnType<typeof priceOf>>) => void;
}) {
  const { t } = useTranslation('billing');
  const text = useBillingText();
  const name = text.planName(plan.name);
  const current = subscription?.packageName === plan.name && subscription.status !== 'pending';
  const price = priceOf(plan, period, currency);
  const headingId = `plan-${plan.name}`;
  // A catalog plan nobody has priced yet: an Administrator cannot request it (docs/product/billing.md#catalog-and-prices).
  const unpriced = isPricedPackage(plan.name) && plan.prices.length === 0;

  let priceText: string;
  if (plan.name === 'Free') priceText = t('plans.freePrice');
  else if (unpriced) priceText = onEditPrices ? t('plans.noPriceYet') : t('plans.priceNotSet');
  else if (plan.name === 'Custom' && !price) priceText = t('plans.customPrice');
  else if (price) priceText = text.perPeriod(period, text.money(price.amountMinor, price.currency));
  else priceText = t('plans.noPrice');

  const buttonLabels: Record<PlanChoice, { short: string; full: string }> = {
    upgrade: { short: t('plans.upgrade'), full: t('plans.upgradeTo', { plan: name }) },
    renew: { short: t('plans.renew'), full: t('plans.renewPlan', { plan: name }) },
    request: { short: t('plans.request'), full: t('plans.requestPlan', { plan: name }) },
    downgrade: { short: t('plans.downgrade'), full: t('plans.downgradeTo', { plan: name }) },
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-labelledby={headingId}
      style={current ? { borderColor: 'var(--mantine-color-indigo-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {name}
          </Title>
          {current && (
            <Badge variant="light" color="indigo" radius="sm" style={{ textTransform: 'none' }}>
              {t('plans.current')}
            </Badge>
          )}
        </Group>
        {unpriced ? (
          <Text size="md" fw={600} c="orange.9" lh={1.35} style={{ textWrap: 'balance' }}>
            {priceText}
          </Text>
        ) : (
          <Text fz={22} fw={700} lh={1.2}>
            {priceText}
          </Text>
        )}
        <Text size="sm">{text.allowance(plan.monthlyAssessments)}</Text>
        <QuestionTypeList types={plan.questionTypes} planName={name} />
        {plan.name === 'Free' && (
          <Text size="xs" c="gray.7">
            {t('plans.freeNote')}
          </Text>
        )}
        {plan.name === 'Custom' &&
          (onSetUpCustom ? (
            <Text size="xs" c="gray.7">
              {t('custom.note')}
            </Text>
          ) : (
            // 'Contact support' leads somewhere: the billing mail or the support site.
            <Text size="xs" c="gray.7">
              {t('plans.customNote')} <SupportLink />
            </Text>
          ))}
        {unpriced && onEditPrices ? (
          <Button
            mt="auto"
            variant="light"
            aria-label={t('prices.editPlan', { plan: name })}
            onClick={onEditPrices}
          >
            {t('prices.set')}
          </Button>
        ) : choice && !unpriced ? (
          <Button
            mt="auto"
            variant={choice === 'upgrade' ? 'filled' : 'light'}
            disabled={!price || blocked}
            aria-label={buttonLabels[choice].full}
            onClick={() => price && onChoose(choice, price)}
          >
            {buttonLabels[choice].short}
          </Button>
        ) : onSetUpCustom ? (
          <Button mt="auto" variant="light" disabled={blocked} onClick={onSetUpCustom}>
            {t('custom.setUp')}
          </Button>
        ) : null}
        {cardAction}
      </Stack>
    </Card>
  );
}
