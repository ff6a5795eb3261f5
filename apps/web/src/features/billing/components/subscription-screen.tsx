import { useState } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingOff, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSuperAdministrator, type PackageName } from '@vbuilder/shared';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useSearchParam } from '../../../lib/use-search-param.ts';
import { useOrganizationName } from '../api/get-organization-name.ts';
import { usePlans } from '../api/get-plans.ts';
import { useSubscription } from '../api/get-subscription.ts';
import {
  ORGANIZATION_PARAM,
  PAYMENT_HISTORY_PATH,
  paymentHistoryOf,
  type BillingViewer,
} from '../lib/viewer.ts';
import { CheckoutReturnNotice } from './checkout-return-notice.tsx';
import { CustomPlanDialog, type CustomPlanTarget } from './custom-plan-dialog.tsx';
import { OrganizationPicker } from './organization-picker.tsx';
import { PlanComparison } from './plan-comparison.tsx';
import { PlanPricesDialog } from './plan-prices-dialog.tsx';
import { PlanPricesSection } from './plan-prices-section.tsx';
import type { RequestTarget } from './request-plan-dialog.tsx';
import { SubscriptionStatusCard } from './subscription-status-card.tsx';

/**
 * /account/subscription: the organization's status card and the plan comparison. An
 * Administrator sees and requests for their own organization. The Super Administrator has no
 * organization of their own: they pick one (kept in the address, so a link opens it) and request
 * for it; the invoice goes to its administrators. The Super Administrator also edits the catalog
 * plans' prices here (Plan prices), and sets up a Custom plan for the picked organization.
 */
export function SubscriptionScreen({ viewer }: { viewer: BillingViewer }) {
  const { t } = useTranslation('billing');
  const superAdministrator = isSuperAdministrator(viewer.role);
  const [organizationParam, pick] = useSearchParam(ORGANIZATION_PARAM);
  const picked = superAdministrator ? organizationParam : null;
  const organizationId = superAdministrator ? picked : viewer.organizationId;
  const subscription = useSubscription(organizationId);
  const plans = usePlans();
  const organizationName = useOrganizationName(superAdministrator ? picked : null);
  // The plan whose prices the Super Administrator edits (read from the catalog, so it stays current).
  const [editing, setEditing] = useState<PackageName | null>(null);
  const editedPlan = plans.data?.data.find((plan) => plan.name === editing) ?? null;
  // The organization the Super Administrator sets up a Custom plan for (the dialog is open while set).
  const [customFor, setCustomFor] = useState<string | null>(null);
  const customTarget: CustomPlanTarget | null =
    superAdministrator && customFor && customFor === organizationId
      ? { organizationId: customFor, organizationName: organizationName.data ?? null }
      : null;
  const defaultCurrency =
    plans.data?.data.flatMap((plan) => plan.prices.map((price) => price.currency))[0] ?? 'USD';

  const target: RequestTarget | null = !organizationId
    ? null
    : superAdministrator
      ? { kind: 'organization', organizationId, organizationName: organizationName.data ?? null }
      : { kind: 'own', organizationId, email: viewer.email };
  const historyHref =
    superAdministrator && organizationId ? paymentHistoryOf(organizationId) : PAYMENT_HISTORY_PATH;

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} size="h2">
            {t('subscription.title')}
          </Title>
          <Text c="gray.7" size="sm">
            {superAdministrator ? t('subscription.subtitlePlatform') : t('subscription.subtitle')}
          </Text>
        </div>
        {organizationId && (
          <Anchor component={Link} to={historyHref} size="sm" fw={600}>
            <Group gap={6} wrap="nowrap">
              <IconReceipt size={16} aria-hidden />
              {t('subscription.historyLink')}
            </Group>
          </Anchor>
        )}
      </Group>

      {superAdministrator && (
        <Paper withBorder radius="lg" p="md">
          <OrganizationPicker
            label={t('subscription.organization')}
            description={t('subscription.organizationHint')}
            placeholder={t('subscription.organizationPlaceholder')}
            value={picked}
            onChange={pick}
            clearable
            maw={480}
          />
        </Paper>
      )}

      <CheckoutReturnNotice organizationId={organizationId} />

      {organizationId ? (
        <SubscriptionStatusCard subscription={subscription} paymentHistoryHref={historyHref} />
      ) : !superAdministrator ? (
        <EmptyState
          icon={IconBuildingOff}
          headingOrder={2}
          title={t('subscription.noOrganization.title')}
          description={t('subscription.noOrganization.description')}
        />
      ) : null}

      <PlanComparison
        plans={plans}
        subscription={subscription.data}
        target={target}
        onEditPrices={superAdministrator ? (plan) => setEditing(plan.name) : undefined}
        onSetUpCustom={superAdministrator && organizationId ? () => setCustomFor(organizationId) : undefined}
      />

      {superAdministrator && (
        <>
          <PlanPricesSection plans={plans} onEdit={(plan) => setEditing(plan.name)} />
          <PlanPricesDialog plan={editedPlan} onClose={() => setEditing(null)} />
          <CustomPlanDialog
            target={customTarget}
            defaultCurrency={defaultCurrency}
            onClose={() => setCustomFor(null)}
          />
        </>
      )}
    </Stack>
  );
}
