import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuilding,
  IconChalkboard,
  IconCrown,
  IconSchool,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { DashboardSummary } from '@vbuilder/shared';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { codeOf } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useMayOpenPath } from '../../../lib/link-access.tsx';
import { useDashboardSummary } from '../api/get-dashboard-summary.ts';
import { AssessmentCards } from './assessment-cards.tsx';
import { intlLocale } from '@vbuilder/shared';

type Icon = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

interface Card {
  key: string;
  label: string;
  value: number;
  icon: Icon;
  color: string;
}

function cardsOf(summary: DashboardSummary, t: (key: string) => string): Card[] {
  const cards: Card[] = [
    {
      key: 'total',
      label: t('dashboard:cards.totalUsers'),
      value: summary.users.total,
      icon: IconUsers,
      color: 'indigo',
    },
    {
      key: 'students',
      label: t('dashboard:cards.students'),
      value: summary.users.students,
      icon: IconSchool,
      color: 'teal',
    },
    {
      key: 'teachers',
      label: t('dashboard:cards.teachers'),
      value: summary.users.teachers,
      icon: IconChalkboard,
      color: 'grape',
    },
    {
      key: 'administrators',
      label: t('dashboard:cards.administrators'),
      value: summary.users.administrators,
      icon: IconShieldCheck,
      color: 'orange',
    },
  ];
  // Whoever no role card counts (the Super Administrators of the platform, or a role the cards do
  // not name) gets a card of their own, so the cards add up to the total.
  const others =
    summary.users.total - summary.users.students - summary.users.teachers - summary.users.administrators;
  if (others > 0) {
    cards.push({
      key: 'others',
      label: t(
        summary.scope === 'platform' ? 'dashboard:cards.superAdministrators' : 'dashboard:cards.otherRoles',
      ),
      value: others,
      icon: IconCrown,
      color: 'gray',
    });
  }
  if (summary.organizations !== null) {
    cards.unshift({
      key: 'organizations',
      label: t('dashboard:cards.organizations'),
      value: summary.organizations,
      icon: IconBuilding,
      color: 'blue',
    });
  }
  return cards;
}

function StatCard({ card, locale }: { card: Card; locale: string }) {
  const Icon = card.icon;
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="gray.7" fw={600}>
            {card.label}
          </Text>
          <Text fz={30} fw={700} lh={1.1}>
            {card.value.toLocaleString(intlLocale(locale))}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={card.color} aria-hidden>
          <Icon size={24} stroke={1.6} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** The analytics overview: user counts of the organization, or of the platform for a Super Administrator. */
export function SummaryCards() {
  const { t, i18n } = useTranslation('dashboard');
  const mayOpen = useMayOpenPath();
  const { data, isPending, isError, error, refetch, isFetching } = useDashboardSummary();
  const { user } = useAuth();

  const heading = (
    <div>
      <Title order={2} size="h3" id="overview-heading">
        {t('overview.title')}
      </Title>
      <Text c="gray.7" size="sm">
        {data?.scope === 'platform' ? t('overview.platformScope') : t('overview.organizationScope')}
      </Text>
    </div>
  );

  if (isPending) {
    return (
      <Stack gap="md" aria-labelledby="overview-heading" component="section" aria-busy>
        {heading}
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={96} radius="lg" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  if (isError) {
    return (
      <Stack gap="md" aria-labelledby="overview-heading" component="section">
        {heading}
        <LoadErrorCard
          heading={t('overview.errorTitle')}
          error={error}
          // A failure without a code (no answer at all) most likely means no connection.
          description={codeOf(error) ? undefined : t('overview.errorMessage')}
          onRetry={() => void refetch()}
          retrying={isFetching}
          retryLabel={t('overview.retry')}
          headingOrder={3}
        />
      </Stack>
    );
  }

  if (data.scope === 'organization' && data.organizationId === null) {
    return (
      <Stack gap="md" aria-labelledby="overview-heading" component="section">
        {heading}
        <Alert variant="light" color="indigo" title={t('overview.noOrganizationTitle')}>
          {t('overview.noOrganizationMessage')}
        </Alert>
      </Stack>
    );
  }

  const cards = cardsOf(data, t);
  return (
    <Stack gap="md" aria-labelledby="overview-heading" component="section">
      {heading}
      <SimpleGrid cols={cards.length > 4 ? { base: 1, xs: 2, md: 3, xl: 5 } : { base: 1, xs: 2, lg: 4 }}>
        {cards.map((card) => (
          <StatCard key={card.key} card={card} locale={i18n.resolvedLanguage ?? 'en'} />
        ))}
      </SimpleGrid>
      {data.assessments && (
        <AssessmentCards
          counts={data.assessments}
          student={user?.role === 'Student'}
          // The Super Administrator's menu has no assessments: the counts, without the list's link.
          listHref={user && mayOpen(`/account/questions/${user.id}`) ? `/account/questions/${user.id}` : null}
        />
      )}
    </Stack>
  );
}
