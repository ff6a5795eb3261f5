import type { ComponentType } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar, IconCircleCheck, IconHourglass, IconPercentage, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SubmissionStats as Stats } from '@vbuilder/shared';
import { formatPercent } from '../lib/numbers.ts';
import { intlLocale } from '@vbuilder/shared';

interface Card {
  key: string;
  label: string;
  value: string;
  detail?: string;
  color: string;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

/** Submitted, passed, pass rate, pending marking and average: the assessment at a glance. */
export function SubmissionStats({ stats }: { stats: Stats | undefined }) {
  const { t, i18n } = useTranslation('submissions');
  const number = (value: number) => new Intl.NumberFormat(intlLocale(i18n.language)).format(value);
  const cards: Card[] = stats
    ? [
        {
          key: 'submitted',
          label: t('stats.submitted'),
          value: number(stats.submitted),
          detail: t('stats.submittedDetail', {
            count: stats.assigned,
            students: number(stats.studentsSubmitted),
            assigned: number(stats.assigned),
          }),
          color: 'blue',
          Icon: IconSend,
        },
        {
          key: 'passed',
          label: t('stats.passed'),
          value: number(stats.passed),
          color: 'teal',
          Icon: IconCircleCheck,
        },
        {
          key: 'passRate',
          label: t('stats.passRate'),
          value: formatPercent(stats.passRate, i18n.language),
          color: 'grape',
          Icon: IconPercentage,
        },
        {
          key: 'pending',
          label: t('stats.pending'),
          value: number(stats.pendingMarking),
          color: 'orange',
          Icon: IconHourglass,
        },
        {
          key: 'average',
          label: t('stats.average'),
          value:
            stats.averagePercentage === null
              ? t('values.none')
              : formatPercent(stats.averagePercentage, i18n.language),
          color: 'cyan',
          Icon: IconChartBar,
        },
      ]
    : [];

  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 5 }}
      spacing="sm"
      component="dl"
      aria-label={t('stats.label')}
      aria-busy={!stats}
      style={{ margin: 0 }}
    >
      {!stats
        ? Array.from({ length: 5 }, (_, index) => <Skeleton key={index} h={88} radius="md" />)
        : cards.map(({ key, label, value, detail, color, Icon }) => (
            <Paper key={key} withBorder radius="md" p="md" data-stat={key}>
              <Text component="dt" size="sm" c="gray.7">
                <Group gap={8} wrap="nowrap" component="span">
                  <ThemeIcon component="span" variant="light" color={color} radius="md" size={28}>
                    <Icon size={16} aria-hidden />
                  </ThemeIcon>
                  {label}
                </Group>
              </Text>
              <Text component="dd" m={0} mt={6}>
                <Text component="span" display="block" fw={700} fz={24} lh={1.2}>
                  {value}
                </Text>
                {detail && (
                  <Text component="span" display="block" size="xs" c="gray.7" mt={2}>
                    {detail}
                  </Text>
                )}
              </Text>
            </Paper>
          ))}
    </SimpleGrid>
  );
}
