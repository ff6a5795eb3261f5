import type { ReactNode } from 'react';
import { Badge, Card, DataList, Group, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuilding,
  IconCalendarPlus,
  IconClockHour4,
  IconId,
  IconLanguage,
  IconLogin2,
  IconMail,
  IconPhone,
  IconShieldCheck,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type UserProfile } from '@vbuilder/shared';
import { formatDateTime } from '../../../lib/format.ts';
import { accountStatusColor, formatPhone } from '../lib/profile-display.ts';

function InfoCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title} h="100%">
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" radius="md" size="lg">
          {icon}
        </ThemeIcon>
        <Title order={3} size="h4">
          {title}
        </Title>
      </Group>
      <DataList orientation="vertical" gap="md" withDivider>
        {children}
      </DataList>
    </Card>
  );
}

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>
        <Group gap={6} c="dimmed" fz="sm">
          {icon}
          {label}
        </Group>
      </DataList.ItemLabel>
      <DataList.ItemValue fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

const missing = (text: string) => (
  <Text span c="dimmed" fs="italic" fw={400}>
    {text}
  </Text>
);

const ICON = { size: 16, 'aria-hidden': true } as const;

/** Email, phone (with a leading plus), organization (SPEC §2 'Profile', personal card) and language. */
export function PersonalCard({ user }: { user: UserProfile }) {
  const { t } = useTranslation('profile');
  const phone = formatPhone(user.phone);
  const language = LANGUAGES.find((l) => l.code === user.language);
  return (
    <InfoCard title={t('personal.title')} icon={<IconUserCircle size={20} aria-hidden />}>
      <Item icon={<IconMail {...ICON} />} label={t('personal.email')}>
        {user.email}
      </Item>
      <Item icon={<IconPhone {...ICON} />} label={t('personal.phone')}>
        {phone ? <span dir="ltr">{phone}</span> : missing(t('personal.phoneMissing'))}
      </Item>
      <Item icon={<IconBuilding {...ICON} />} label={t('personal.organization')}>
        {user.organizationId ? (
          <Text span ff="monospace" fz="sm">
            {user.organizationId}
          </Text>
        ) : (
          missing(t('personal.organizationMissing'))
        )}
      </Item>
      <Item icon={<IconLanguage {...ICON} />} label={t('personal.language')}>
        <span lang={language?.code}>{language?.name ?? user.language}</span>
      </Item>
    </InfoCard>
  );
}

/** Account status, login status, last login and creation date, in the reader's locale (SPEC §2). */
export function AccountCard({ user }: { user: UserProfile }) {
  const { t, i18n } = useTranslation('profile');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const status = t(`account.statuses.${user.status}`, { defaultValue: user.status });
  const loginStatus = t(`account.loginStatuses.${user.loggin_status}`, { defaultValue: user.loggin_status });
  return (
    <InfoCard title={t('account.title')} icon={<IconShieldCheck size={20} aria-hidden />}>
      <Item icon={<IconId {...ICON} />} label={t('account.status')}>
        <Badge
          color={accountStatusColor(user.status)}
          // The dot carries the colour and the text stays dark: the light variant's green is below AA.
          variant="dot"
          size="lg"
          tt="none"
          data-status-color={accountStatusColor(user.status)}
        >
          {status}
        </Badge>
      </Item>
      <Item icon={<IconLogin2 {...ICON} />} label={t('account.loginStatus')}>
        {loginStatus}
      </Item>
      <Item icon={<IconClockHour4 {...ICON} />} label={t('account.lastLogin')}>
        {user.last_login ? formatDateTime(user.last_login, locale) : missing(t('account.never'))}
      </Item>
      <Item icon={<IconCalendarPlus {...ICON} />} label={t('account.createdAt')}>
        {formatDateTime(user.created_at, locale)}
      </Item>
    </InfoCard>
  );
}
