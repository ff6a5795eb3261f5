import type { ComponentType } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAt,
  IconBuilding,
  IconCalendarPlus,
  IconCategory,
  IconChalkboard,
  IconMail,
  IconMailbox,
  IconMapPin,
  IconPhone,
  IconSchool,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import type { OrganizationDetail } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import {
  InfoCard,
  InfoItem,
  InfoList,
  InfoMissing,
  INFO_ICON as ICON,
} from '../../../components/info-card.tsx';
import { statusColor } from '../../../lib/badge-colors.ts';
import { formatDate, formatPhone } from '../../../lib/format.ts';
import { present } from '../lib/display.ts';
import { useTypeLabel } from './use-type-label.ts';
import { intlLocale } from '@vbuilder/shared';

/** Type, email, phone, address, postal code and creation date (docs/product/screens.md "Organization pages"). */
export function OrganizationInfoCard({ organization }: { organization: OrganizationDetail }) {
  const { t, i18n } = useTranslation('organizations');
  const { label: typeLabel } = useTypeLabel();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const email = present(organization.email);
  const phone = formatPhone(organization.phone);
  const address = present(organization.address);
  const postalCode = present(organization.postalCode);
  const notProvided = <InfoMissing>{t('details.notProvided')}</InfoMissing>;
  return (
    <InfoCard title={t('details.infoTitle')} icon={<IconBuilding size={20} aria-hidden />}>
      <InfoList>
        <InfoItem icon={<IconCategory {...ICON} />} label={t('details.type')}>
          {typeLabel(organization.type)}
        </InfoItem>
        <InfoItem icon={<IconMail {...ICON} />} label={t('details.email')}>
          {email ?? notProvided}
        </InfoItem>
        <InfoItem icon={<IconPhone {...ICON} />} label={t('details.phone')}>
          {phone ? <span dir="ltr">{phone}</span> : notProvided}
        </InfoItem>
        <InfoItem icon={<IconMapPin {...ICON} />} label={t('details.address')}>
          {address ? <span style={{ whiteSpace: 'pre-line' }}>{address}</span> : notProvided}
        </InfoItem>
        <InfoItem icon={<IconMailbox {...ICON} />} label={t('details.postalCode')}>
          {postalCode ?? notProvided}
        </InfoItem>
        <InfoItem icon={<IconCalendarPlus {...ICON} />} label={t('details.createdAt')}>
          {formatDate(organization.createdAt, locale)}
        </InfoItem>
      </InfoList>
    </InfoCard>
  );
}

/** The organization's Administrators with their account status, and their contact details when sent. */
export function AdministratorsCard({ organization }: { organization: OrganizationDetail }) {
  const { t } = useTranslation('organizations');
  const administrators = organization.administrators;
  return (
    <InfoCard title={t('details.administrators.title')} icon={<IconShieldCheck size={20} aria-hidden />}>
      {administrators.length === 0 ? (
        <Text c="gray.7" size="sm">
          {t('details.administrators.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {administrators.map((admin, index) => {
            const phone = formatPhone(admin.phone);
            return (
              <li
                key={admin.id}
                style={{
                  padding: 'var(--mantine-spacing-sm) 0',
                  borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)',
                }}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {admin.name}
                  </Text>
                  <Badge
                    color={statusColor(admin.status)}
                    variant="dot"
                    tt="none"
                    c="gray.9"
                    data-status-color={statusColor(admin.status)}
                    style={{ flexShrink: 0 }}
                  >
                    {t(`details.statuses.${admin.status}`, { defaultValue: admin.status })}
                  </Badge>
                </Group>
                {/* No email for a Student: the server sends administrators' contacts to staff only. */}
                {admin.email !== null && (
                  <Stack gap={2} mt={4}>
                    <Group gap={6} wrap="nowrap" c="gray.8" fz="sm">
                      <IconAt {...ICON} style={{ flexShrink: 0 }} />
                      <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {admin.email}
                      </Text>
                    </Group>
                    <Group gap={6} wrap="nowrap" c="gray.8" fz="sm">
                      <IconPhone {...ICON} style={{ flexShrink: 0 }} />
                      {phone ? (
                        <Text span size="sm" dir="ltr">
                          {phone}
                        </Text>
                      ) : (
                        <Text span size="sm" c="gray.7" fs="italic">
                          {t('details.administrators.noPhone')}
                        </Text>
                      )}
                    </Group>
                  </Stack>
                )}
              </li>
            );
          })}
        </Stack>
      )}
    </InfoCard>
  );
}

type Icon = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

/** How many people the organization has, by role. */
export function OrganizationCounts({ organization }: { organization: OrganizationDetail }) {
  const { t, i18n } = useTranslation('organizations');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const counts: { key: string; label: string; value: number; icon: Icon; color: string }[] = [
    {
      key: 'users',
      label: t('details.counts.users'),
      value: organization.counts.users,
      icon: IconUsers,
      color: 'indigo',
    },
    {
      key: 'administrators',
      label: t('details.counts.administrators'),
      value: organization.counts.administrators,
      icon: IconShieldCheck,
      color: 'orange',
    },
    {
      key: 'teachers',
      label: t('details.counts.teachers'),
      value: organization.counts.teachers,
      icon: IconChalkboard,
      color: 'grape',
    },
    {
      key: 'students',
      label: t('details.counts.students'),
      value: organization.counts.students,
      icon: IconSchool,
      color: 'teal',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
      {counts.map(({ key, label, value, icon: Icon, color }) => (
        <Paper key={key} withBorder radius="lg" p="md" shadow="xs" data-count={key}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text size="sm" c="gray.7" fw={600}>
                {label}
              </Text>
              <Text fz={28} fw={700} lh={1.1}>
                {value.toLocaleString(intlLocale(locale))}
              </Text>
            </Stack>
            <ThemeIcon size={40} radius="md" variant="light" color={color} aria-hidden visibleFrom="xs">
              <Icon size={22} stroke={1.6} />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
