import { DataList } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanCatalogEntry, PlanPrice } from '@vbuilder/shared';
import { useBillingText } from '../lib/labels.ts';

/** What a confirmation says is bought: the plan, the billing period, the price and the monthly allowance. */
export function PlanSummary({ plan, price }: { plan: PlanCatalogEntry; price: PlanPrice }) {
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
      <DataList.Item>
        <DataList.ItemLabel c="gray.7">{t('request.allowance')}</DataList.ItemLabel>
        <DataList.ItemValue>{text.allowance(plan.monthlyAssessments)}</DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}
