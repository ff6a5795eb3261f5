import { Anchor, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardCheck, IconClipboardList, IconPencil, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardSummary } from '@vbuilder/shared';
import { intlLocale } from '@vbuilder/shared';

type AssessmentCounts = NonNullable<DashboardSummary['assessments']>;

interface Props {
  counts: AssessmentCounts;
  /** Students see what is assigned to them; staff the organization's total. */
  student: boolean;
  /** The assessment list of the signed-in person. */
  listHref: string | null;
}

/**
 * The dashboard's assessment figures (docs/product/screens.md 'Home dashboard'): assessments assigned (student) or
 * in total (staff), and how many were written by hand and generated with AI.
 */
export function AssessmentCards({ counts, student, listHref }: Props) {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.resolvedLanguage ?? 'en';
  const cards = [
    {
      key: 'total',
      label: student ? t('assessments.assigned') : t('assessments.total'),
      value: student ? counts.assigned : counts.total,
      icon: student ? IconClipboardCheck : IconClipboardList,
      color: 'indigo',
    },
    { key: 'manual', label: t('assessments.manual'), value: counts.manual, icon: IconPencil, color: 'cyan' },
    { key: 'ai', label: t('assessments.ai'), value: counts.ai, icon: IconSparkles, color: 'violet' },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby="assessment-figures-heading">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={3} size="h4" id="assessment-figures-heading">
          {t('assessments.title')}
        </Title>
        {listHref && (
          <Anchor component={Link} to={listHref} size="sm" fw={600}>
            {student ? t('assessments.openMine') : t('assessments.openList')}
          </Anchor>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {cards.map(({ key, label, value, icon: Icon, color }) => (
          <Paper key={key} withBorder radius="lg" p="md" shadow="xs">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Text size="sm" c="gray.7" fw={600}>
                  {label}
                </Text>
                <Text fz={30} fw={700} lh={1.1}>
                  {value.toLocaleString(intlLocale(locale))}
                </Text>
              </Stack>
              <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
                <Icon size={24} stroke={1.6} />
              </ThemeIcon>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
