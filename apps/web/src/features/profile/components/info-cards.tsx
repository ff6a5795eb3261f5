import { Badge } from '@mantine/core';
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
import {
  InfoCard,
  InfoItem,
  InfoList,
  InfoMissing,
  INFO_ICON as ICON,
} from '../../../components/info-card.tsx';
import { statusColor } from '../../../lib/badge-colors.ts';
import { formatDateTime, formatPhone } from '../../../lib/format.ts';

/** Email, phone (with a leading plus), organization (docs/product/screens.md 'Profile', personal card) and language. */
export function PersonalCard({ user }: { user: UserProfile }) {
  const { t } = useTranslation('profile');
  const phone = formatPhone(user.phone);
  const language = LANGUAGES.find((l) => l.code === user.language);
  return (
    <InfoCard title={t('personal.title')} icon={<IconUserCircle size={20} aria-hidden />} headingOrder={3}>
      <InfoList>
        <InfoItem icon={<IconMail {...ICON} />} label={t('personal.email')}>
          {user.email}
        </InfoItem>
        <InfoItem icon={<IconPhone {...ICON} />} label={t('personal.phone')}>
          {phone ? <span dir="ltr">{phone}</span> : <InfoMissing>{t('personal.phoneMissing')}</InfoMissing>}
        </InfoItem>
        <InfoItem icon={<IconBuilding {...ICON} />} label={t('personal.organization')}>
          {user.organizationId ? (
            (user.organizationName ?? '')
          ) : (
            <InfoMissing>{t('personal.organizationMissing')}</InfoMissing>
          )}
        </InfoItem>
        <InfoItem icon={<IconLanguage {...ICON} />} label={t('personal.language')}>
          <span lang={language?.code}>{language?.name ?? user.language}</span>
        </InfoItem>
      </InfoList>
    </InfoCard>
  );
}

/** Account status, login status, last login and creation date, in the reader's locale (docs/product/screens.md). */
export function AccountCard({ user }: { user: UserProfile }) {
  const { t, i18n } = useTranslation('profile');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const status = t(`account.statuses.${user.status}`, { defaultValue: user.status });
  const loginStatus = t(`account.loginStatuses.${user.loggin_status}`, { defaultValue: user.loggin_status });
  return (
    <InfoCard title={t('account.title')} icon={<IconShieldCheck size={20} aria-hidden />} headingOrder={3}>
      <InfoList>
        <InfoItem icon={<IconId {...ICON} />} label={t('account.status')}>
          <Badge
            color={statusColor(user.status)}
            // The dot carries the colour and the text stays dark: the light variant's green is below AA.
            variant="dot"
            size="lg"
            tt="none"
            data-status-color={statusColor(user.status)}
          >
            {status}
          </Badge>
        </InfoItem>
        <InfoItem icon={<IconLogin2 {...ICON} />} label={t('account.loginStatus')}>
          {loginStatus}
        </InfoItem>
        <InfoItem icon={<IconClockHour4 {...ICON} />} label={t('account.lastLogin')}>
          {user.last_login ? (
            formatDateTime(user.last_login, locale)
          ) : (
            <InfoMissing>{t('account.never')}</InfoMissing>
          )}
        </InfoItem>
        <InfoItem icon={<IconCalendarPlus {...ICON} />} label={t('account.createdAt')}>
          {formatDateTime(user.created_at, locale)}
        </InfoItem>
      </InfoList>
    </InfoCard>
  );
}
