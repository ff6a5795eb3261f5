import {
  Alert,
  Button,
  DataList,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { openConfirmModal } from '../../../components/deferred/confirm-modal.ts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CustomPlanBodySchema, type BillingPeriod, type CustomPlanBody } from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useRequestPlan } from '../api/request-plan.ts';
import { useBillingText } from '../lib/labels.ts';
import { AmountInput, amountCheck, CurrencySelect, minorOf } from './money-field.tsx';

/** The organization a Custom plan is set up for. */
export interface CustomPlanTarget {
  organizationId: string;
  /** null while its name loads. */
  organizationName: string | null;
}

/** The form as typed: the amount in major units of the currency; the allowance a number or unlimited. */
interface Values extends Record<string, unknown> {
  amount: string | number;
  currency: string | null;
  period: BillingPeriod;
  monthlyAssessments: string | number;
  unlimited: boolean;
}

/** Field paths in screen order (the server's field errors land on these). */
const FIELDS = ['amount', 'amountMinor', 'currency', 'period', 'monthlyAssessments', 'organizationId'];

interface Props {
  /** The organization; null: closed. */
  target: CustomPlanTarget | null;
  /** The currency the form starts with (the catalog's first). */
  defaultCurrency: string;
  onClose: () => void;
}

/**
 * The Super Administrator sets up a Custom plan negotiated with an organization: amount (in the
 * currency's own decimals), currency, billing period and monthly allowance (or unlimited); after
 * a confirmation summary, POST /payments with CustomPlanBody makes the pending record whose
 * invoice is mailed to the organization's administrators. The server's refusals land on the
 * fields it names, or in a translated alert (payment_request_pending).
 */
export function CustomPlanDialog({ target, defaultCurrency, onClose }: Props) {
  const { t } = useTranslation('billing');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={
        target?.organizationName
          ? t('custom.dialogTitleFor', { organization: target.organizationName })
          : t('custom.dialogTitle')
      }
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {/* Mounted per opening, so every opening starts empty. */}
      {target && <CustomPlanForm target={target} defaultCurrency={defaultCurrency} onClose={onClose} />}
    </Modal>
  );
}

function CustomPlanForm({
  target,
  defaultCurrency,
  onClose,
}: {
  target: CustomPlanTarget;
  defaultCurrency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const text = useBillingText();
  const errorText = useErrorText();
  const request = useRequestPlan();

  const { form, serverError, handleSubmit } = useSchemaForm({
    initialValues: {
      amount: '',
      currency: defaultCurrency,
      period: 'month',
      monthlyAssessments: '',
      unlimited: false,
    } as Values,
    schema: CustomPlanBodySchema,
    toRequest: (values: Values) => ({
      plan: 'Custom',
      organizationId: target.organizationId,
      // An amount that is not one is the amount field's error (check), not a second one here.
      amountMinor: minorOf(values.amount, values.currency) ?? 1,
      currency: values.currency,
      period: values.period,
      monthlyAssessments: values.unlimited
        ? null
        : values.monthlyAssessments === ''
          ? undefined
          : Number(values.monthlyAssessments),
    }),
    check: (values: Values) => {
      const problem = amountCheck(values.amount, values.currency);
      return problem ? { amount: problem } : {};
    },
    fields: FIELDS,
  });
  const values = form.getValues();
  const organization = target.organizationName;

  const confirm = (body: CustomPlanBody) =>
    new Promise<boolean>((resolve) => {
      openConfirmModal({
        title: t('custom.confirmTitle'),
        children: (
          <Stack gap="sm">
            <DataList size="sm" gap={6} labelWidth={150}>
              <DataList.Item>
                <DataList.ItemLabel c="gray.7">{t('custom.organization')}</DataList.ItemLabel>
                <DataList.ItemValue fw={600}>{organization ?? '—'}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel c="gray.7">{t('request.plan')}</DataList.ItemLabel>
                <DataList.ItemValue>{text.planName('Custom')}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel c="gray.7">{t('request.price')}</DataList.ItemLabel>
                <DataList.ItemValue fw={600}>
                  {text.perPeriod(body.period, text.money(body.amountMinor, body.currency))}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel c="gray.7">{t('request.period')}</DataList.ItemLabel>
                <DataList.ItemValue>{text.period(body.period)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel c="gray.7">{t('request.allowance')}</DataList.ItemLabel>
                <DataList.ItemValue>{text.allowance(body.monthlyAssessments)}</DataList.ItemValue>
              </DataList.Item>
            </DataList>
            <Text size="sm">{t('request.startsOnActivation')}</Text>
            <Text size="sm" fw={500}>
              {organization
                ? t('request.invoiceToAdministratorsOf', { organization })
                : t('request.invoiceToAdministrators')}
            </Text>
            <Text size="xs" c="gray.7">
              {t('request.taxNote')}
            </Text>
          </Stack>
        ),
        labels: { confirm: t('custom.confirm'), cancel: t('cancel') },
        closeButtonProps: { 'aria-label': t('close') },
        onConfirm: () => resolve(true),
        onCancel: () => resolve(false),
        onClose: () => resolve(false),
      });
    });

  const onSubmit = handleSubmit(async (body) => {
    if (!(await confirm(body))) return;
    const record = await request.mutateAsync(body);
    showToast(
      'success',
      t('request.sent', { number: record.invoiceNumber ?? '—' }),
      t('custom.sentTitle'),
      'billing-custom-plan',
    );
    onClose();
  });

  const allowanceProps = form.getInputProps('monthlyAssessments');
  const problem = serverError ? errorText(serverError) : null;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('custom.dialogTitle')}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('custom.hint')}
        </Text>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <AmountInput
            form={form}
            path="amount"
            minorPath="amountMinor"
            currency={values.currency}
            label={t('custom.amount')}
            withAsterisk
            miw={160}
          />
          <CurrencySelect
            form={form}
            path="currency"
            known={[defaultCurrency]}
            label={t('custom.currency')}
            withAsterisk
            w={150}
          />
        </Group>
        <Select
          label={t('custom.period')}
          withAsterisk
          data={[
            { value: 'month', label: text.period('month') },
            { value: 'year', label: text.period('year') },
          ]}
          allowDeselect={false}
          maw={240}
          {...form.getInputProps('period')}
        />
        <Stack gap={6}>
          <NumberInput
            label={t('custom.allowance')}
            description={t('custom.allowanceHint')}
            withAsterisk={!values.unlimited}
            disabled={values.unlimited}
            inputMode="numeric"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={false}
            min={1}
            max={1_000_000}
            clampBehavior="none"
            maw={240}
            {...allowanceProps}
            value={values.unlimited ? '' : allowanceProps.value}
            error={
              values.unlimited ? undefined : allowanceProps.error ? t('custom.allowanceInvalid') : undefined
            }
          />
          <Switch
            label={t('custom.unlimited')}
            {...form.getInputProps('unlimited', { type: 'checkbox' })}
            onChange={(event) => {
              form.setFieldValue('unlimited', event.currentTarget.checked);
              form.clearFieldError('monthlyAssessments');
            }}
          />
        </Stack>
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={request.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={request.isPending}>
            {t('custom.review')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
