import { useRef } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '../../../components/deferred/confirm-modal.ts';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  toDecimalString,
  UpdatePlanPricesBodySchema,
  type BillingPeriod,
  type PlanCatalogEntry,
  type PlanPrice,
  type PricedPackage,
} from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { FORM_ERROR } from '../../../lib/forms/schema-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useUpdatePlanPrices } from '../api/update-plan-prices.ts';
import { useBillingText } from '../lib/labels.ts';
import { AmountInput, amountCheck, CurrencySelect, minorOf } from './money-field.tsx';

/** One row of the editor: the amount as typed, in major units of the row's currency. */
interface PriceRow {
  key: string;
  period: BillingPeriod | null;
  currency: string | null;
  amount: string | number;
}
type Values = { prices: PriceRow[] } & Record<string, unknown>;

/** The schema allows 50 prices a plan; every field path they can have, in screen order. */
const MAX_PRICES = 50;
const FIELDS = [
  'prices',
  ...Array.from({ length: MAX_PRICES }, (_, i) => [
    `prices.${i}.period`,
    `prices.${i}.currency`,
    `prices.${i}.amount`,
    `prices.${i}.amountMinor`,
  ]).flat(),
];

let rowCounter = 0;
const rowOf = (price: Partial<PlanPrice>): PriceRow => ({
  key: `price-${++rowCounter}`,
  period: price.period ?? 'month',
  currency: price.currency ?? 'USD',
  amount:
    price.amountMinor !== undefined && price.currency
      ? toDecimalString({ amountMinor: price.amountMinor, currency: price.currency })
      : '',
});

interface Props {
  /** The plan whose prices are edited; null: closed. */
  plan: PlanCatalogEntry | null;
  onClose: () => void;
}

/**
 * The Super Administrator's price list of one catalog plan: a row per billing period and currency
 * (amount in the currency's own decimals), rows added and removed; saved whole with PUT
 * /plans/:name/prices after a confirmation. The server's refusals land on the fields it names.
 */
export function PlanPricesDialog({ plan, onClose }: Props) {
  const { t } = useTranslation('billing');
  const text = useBillingText();
  return (
    <Modal
      opened={plan !== null}
      onClose={onClose}
      title={plan ? t('prices.dialogTitle', { plan: text.planName(plan.name) }) : undefined}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {/* Mounted per opening, so the rows start from the prices as they are now. */}
      {plan && <PlanPricesForm plan={plan} onClose={onClose} />}
    </Modal>
  );
}

function PlanPricesForm({ plan, onClose }: { plan: PlanCatalogEntry; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const text = useBillingText();
  const errorText = useErrorText();
  const update = useUpdatePlanPrices();
  const name = text.planName(plan.name);
  const initialRows = useRef(plan.prices.map(rowOf));
  const knownCurrencies = plan.prices.map((p) => p.currency);
  const periods = [
    { value: 'month', label: text.period('month') },
    { value: 'year', label: text.period('year') },
  ];

  const { form, serverError, handleSubmit } = useSchemaForm({
    initialValues: { prices: initialRows.current } as Values,
    schema: UpdatePlanPricesBodySchema,
    toRequest: (values: Values) => ({
      prices: values.prices.map((row) => ({
        period: row.period,
        currency: row.currency,
        // An amount that is not one is the amount field's error (check), not a second one here.
        amountMinor: minorOf(row.amount, row.currency) ?? 1,
      })),
    }),
    check: (values: Values) => {
      const errors: Record<string, string> = {};
      values.prices.forEach((row, i) => {
        const problem = amountCheck(row.amount, row.currency);
        if (problem) errors[`prices.${i}.amount`] = problem;
      });
      return errors;
    },
    fields: FIELDS,
  });

  const rows = form.getValues().prices;

  const confirm = (prices: readonly PlanPrice[]) =>
    new Promise<boolean>((resolve) => {
      openConfirmModal({
        title: t('prices.confirmTitle', { plan: name }),
        children:
          prices.length === 0 ? (
            <Text size="sm">{t('prices.confirmEmpty', { plan: name })}</Text>
          ) : (
            <Stack gap="sm">
              <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {prices.map((price) => (
                  <Text component="li" size="sm" fw={600} key={`${price.period}:${price.currency}`}>
                    {text.perPeriod(price.period, text.money(price.amountMinor, price.currency))}
                  </Text>
                ))}
              </Stack>
              <Text size="sm">{t('prices.confirmBody', { plan: name })}</Text>
            </Stack>
          ),
        labels: { confirm: t('prices.save'), cancel: t('cancel') },
        closeButtonProps: { 'aria-label': t('close') },
        onConfirm: () => resolve(true),
        onCancel: () => resolve(false),
        onClose: () => resolve(false),
      });
    });

  const onSubmit = handleSubmit(async (body) => {
    if (!(await confirm(body.prices))) return;
    await update.mutateAsync({ name: plan.name as PricedPackage, body });
    showToast('success', t('prices.saved', { plan: name }), undefined, 'plan-prices');
    onClose();
  });

  const listError = form.errors.prices ?? form.errors[FORM_ERROR];
  const problem = serverError ? errorText(serverError) : null;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('prices.dialogTitle', { plan: name })}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('prices.dialogHint', { plan: name })}
        </Text>
        {rows.length === 0 ? (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {t('prices.emptyRows', { plan: name })}
          </Alert>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((row, i) => (
              <Paper
                key={row.key}
                component="li"
                withBorder
                radius="md"
                p="sm"
                aria-label={t('prices.row', { n: i + 1 })}
              >
                <Group gap="sm" align="flex-start" wrap="wrap">
                  <Select
                    label={t('prices.period')}
                    data={periods}
                    allowDeselect={false}
                    w={{ base: 'calc(50% - 6px)', xs: 130 }}
                    {...form.getInputProps(`prices.${i}.period`)}
                  />
                  <CurrencySelect
                    form={form}
                    path={`prices.${i}.currency`}
                    known={knownCurrencies}
                    label={t('prices.currency')}
                    w={{ base: 'calc(50% - 6px)', xs: 150 }}
                  />
                  <AmountInput
                    form={form}
                    path={`prices.${i}.amount`}
                    minorPath={`prices.${i}.amountMinor`}
                    currency={row.currency}
                    label={t('prices.amount')}
                    fixedDecimals
                    miw={120}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mt={26}
                    aria-label={t('prices.remove', { n: i + 1 })}
                    onClick={() => form.removeListItem('prices', i)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {typeof listError === 'string' && (
          <Text size="sm" c="red.8" role="alert">
            {errorText(listError)}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={rows.length >= MAX_PRICES}
            onClick={() => {
              const used = new Set(rows.map((r) => `${r.period}:${r.currency}`));
              const currency = rows[0]?.currency ?? 'USD';
              const period: BillingPeriod = used.has(`month:${currency}`) ? 'year' : 'month';
              form.insertListItem('prices', rowOf({ period, currency }));
            }}
          >
            {t('prices.add')}
          </Button>
        </Group>
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('prices.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
