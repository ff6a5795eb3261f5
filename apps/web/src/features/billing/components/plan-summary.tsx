import { DataList } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanCatalogEntry, PlanPrice, ProrationCredit } from '@vbuilder/shared';
import { useBillingText } from '../lib/labels.ts';

/**
 * What a confirmation says is bought: the plan, the billing period, the price and the monthly
 * allowance; with an upgrade's credit for the unused days of the plan in force, that credit and
 * what is left to pay before tax.
 */
export function PlanSummary({
  plan,
  price,
  credit = null,
  currentPlan = null,
}: {
  plan: PlanCatalogEntry;
  price: PlanPrice;
  credit?: ProrationCredit | null;
  /** The plan in force, whose unused days the credit is for. */
  currentPlan?: string | null;
}) {
  const { t } = useTranslation('billing');
  const text = useBillingText();
  return (
    <DataList size="sm" gap={6} labelWidth={140}>
      <DataList.Item>
        <DataList.ItemLabel c="gray.7">{t('request.plan')}</DataList.ItemLabel>
        <DataList.ItemValue fw={600}>{text.planName(plan.name)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel c="gray.7">{t('request.period')}</DataList.ItemLabel>
        <DataList.ItemValue>{text.period(price.period)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel c="gray.7">{t('request.price')}</DataList.ItemLabel>
        <DataList.ItemValue fw={600}>{text.money(price.amountMinor, price.currency)}</DataList.ItemValue>
      </DataList.Item>
      {credit && (
        <>
          <DataList.Item>
            <DataList.ItemLabel c="gray.7">
              {t('request.credit', {
                plan: text.planName(currentPlan ?? ''),
                unused: text.number(credit.unusedDays),
                days: text.number(credit.periodDays),
              })}
            </DataList.ItemLabel>
            <DataList.ItemValue c="green.9">
              {text.money(-credit.amountMinor, credit.currency)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="gray.7">{t('request.toPay')}</DataList.ItemLabel>
            <DataList.ItemValue fw={700}>
              {text.money(price.amountMinor - credit.amountMinor, price.currency)}
            </DataList.ItemValue>
          </DataList.Item>
        </>
      )}
      <DataList.Item>
        <DataList.ItemLabel c="gray.7">{t('request.allowance')}</DataList.ItemLabel>
        <DataList.ItemValue>{text.allowance(plan.monthlyAssessments)}</DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}
