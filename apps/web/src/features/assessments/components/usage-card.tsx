import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Popover,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconListCheck, IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { intlLocale, getQuestionType } from '@vbuilder/shared';
import { SUBSCRIPTION_PATH } from '../../../components/layout/navigation.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePlanName } from '../hooks/use-plan-name.ts';
import type { Allowance } from '../lib/use-allowance.ts';

/** The id of the upgrade prompt, which the disabled create buttons point to for their reason. */
export const UPGRADE_PROMPT_ID = 'assessment-upgrade-prompt';

/**
 * The usage card of the assessment list (docs/product/screens.md, docs/product/limits.md): the current package and whether it is
 * active, assessments created this month (deleted ones too, as the note says) against the allowance ('3 / 5'), what remains (or Unlimited), the
 * plan's question types, when the allowance restarts, and at the limit the upgrade prompt, which
 * leads to the subscription screen for those who may open it (`canUpgrade`).
 */
export function UsageCard({ allowance, canUpgrade = false }: { allowance: Allowance; canUpgrade?: boolean }) {
  // questionTypes: the names of the plan's question types.
  const { t, i18n } = useTranslation(['assessments', 'questionTypes']);
  const planName = usePlanName();
  const { usage, monthly, view } = allowance;
  const locale = i18n.resolvedLanguage;

  const heading = (
    <Title order={2} size="h4" id="usage-heading">
      {t('usage.title')}
    </Title>
  );

  if (usage.isPending) {
    return (
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="usage-heading" aria-busy>
        {heading}
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={56} radius="md" />
          ))}
        </SimpleGrid>
      </Paper>
    );
  }

  if (usage.isError || !view || !usage.data) {
    return (
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="usage-heading">
        {heading}
        <Alert color="red" variant="light" mt="sm" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('usage.loadFailed')}</Text>
            <RetryButton onClick={() => void usage.refetch()} loading={usage.isFetching} />
          </Group>
        </Alert>
      </Paper>
    );
  }

  const packageName = planName(view.packageName);
  const types = usage.data.plan.allowedTypes;
  const unlimited = view.limit === null;
  const count = (n: number) => n.toLocaleString(intlLocale(locale));

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="usage-heading">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          {heading}
          <Group gap={6}>
            <Badge variant="light" color="indigo" radius="sm" style={{ textTransform: 'none' }}>
              {t('usage.package', { name: packageName })}
            </Badge>
            {/* On the Free package the name already says it is not a paid subscription. */}
            {view.status === 'active' && (
              <Badge variant="light" color="green" radius="sm" style={{ textTransform: 'none' }}>
                {t('usage.active')}
              </Badge>
            )}
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap={6}>
            <Text size="sm" c="gray.7" fw={600}>
              {t('usage.thisMonth')}
            </Text>
            {monthly.isError ? (
              <Group gap="xs" role="alert">
                <Text size="sm" c="red.8">
                  {t('usage.monthlyFailed')}
                </Text>
                <RetryButton onClick={() => void monthly.refetch()} loading={monthly.isFetching} />
              </Group>
            ) : (
              <>
                <Text fz={26} fw={700} lh={1.1}>
                  {unlimited
                    ? t('usage.usedOfUnlimited', { used: count(view.used) })
                    : t('usage.usedOfLimit', { used: count(view.used), limit: count(view.limit ?? 0) })}
                </Text>
                {!unlimited && (
                  <Progress
                    value={view.percent}
                    color={view.limitReached ? 'red' : view.percent >= 80 ? 'orange' : 'indigo'}
                    size="md"
                    radius="xl"
                    aria-label={t('usage.progressLabel')}
                  />
                )}
                {/* The count is of creations: say so, or a deleted assessment looks miscounted. */}
                <Text size="xs" c="gray.7">
                  {t('usage.countNote')}
                </Text>
              </>
            )}
          </Stack>

          <Stack gap={6}>
            <Text size="sm" c="gray.7" fw={600}>
              {t('usage.remainingLabel')}
            </Text>
            <Text fz={26} fw={700} lh={1.1}>
              {view.remaining === null ? t('usage.unlimited') : count(view.remaining)}
            </Text>
            {!unlimited && (
              <Text size="xs" c="gray.7">
                {t('usage.resetsOn', { date: formatDate(usage.data.resetsAt, locale) })}
              </Text>
            )}
          </Stack>

          <Stack gap={6}>
            <Text size="sm" c="gray.7" fw={600}>
              {t('usage.features')}
            </Text>
            <Text size="sm">
              {unlimited
                ? t('usage.unlimitedAssessments')
                : t('usage.monthlyAllowance', { count: view.limit ?? 0 })}
            </Text>
            <Popover position="bottom-start" shadow="md" width={280} withinPortal>
              <Popover.Target>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  px={4}
                  leftSection={<IconListCheck size={16} aria-hidden />}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('usage.questionTypes', { count: types.length })}
                </Button>
              </Popover.Target>
              <Popover.Dropdown>
                <Text size="sm" fw={600} mb={6}>
                  {t('usage.questionTypesTitle', { name: packageName })}
                </Text>
                <List size="sm" spacing={2} mah={260} style={{ overflowY: 'auto' }}>
                  {types.map((id) => (
                    <List.Item key={id}>{t(getQuestionType(id).labelKey)}</List.Item>
                  ))}
                </List>
              </Popover.Dropdown>
            </Popover>
          </Stack>
        </SimpleGrid>

        {view.limitReached && (
          <Alert
            id={UPGRADE_PROMPT_ID}
            color="orange"
            variant="light"
            icon={<IconLock size={18} aria-hidden />}
            title={
              canUpgrade ? (
                <Anchor component={Link} to={SUBSCRIPTION_PATH} inherit c="inherit" underline="always">
                  {t('usage.upgrade', { packageName })}
                </Anchor>
              ) : (
                t('usage.upgrade', { packageName })
              )
            }
          >
            {t('usage.upgradeHint', { date: formatDate(usage.data.resetsAt, locale) })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function RetryButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const { t } = useTranslation('assessments');
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      leftSection={<IconRefresh size={14} aria-hidden />}
      onClick={onClick}
      loading={loading}
    >
      {t('list.retry')}
    </Button>
  );
}
