import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useExternalLinks } from '../../../components/layout/use-external-links.ts';

/**
 * Where 'Contact support' leads: a mail to billing support (BILLING_SUPPORT_EMAIL, with the
 * subject filled in), else the support site (SUPPORT_URL) in a new tab; nothing when the server
 * names neither. The address itself is not shown (SPEC: a support contact, address not shown).
 */
export function SupportLink() {
  const { t } = useTranslation('billing');
  const { t: tc } = useTranslation('common');
  const { billingSupportEmail, supportUrl } = useExternalLinks();
  if (billingSupportEmail) {
    return (
      <Anchor
        href={`mailto:${billingSupportEmail}?subject=${encodeURIComponent(t('support.subject'))}`}
        size="xs"
        fw={600}
      >
        {t('support.mail')}
      </Anchor>
    );
  }
  if (!supportUrl) return null;
  return (
    <Anchor
      href={supportUrl}
      target="_blank"
      rel="noopener noreferrer"
      size="xs"
      fw={600}
      aria-label={`${t('support.site')} ${tc('newTab')}`}
    >
      {t('support.site')}
    </Anchor>
  );
}
