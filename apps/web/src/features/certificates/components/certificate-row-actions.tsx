import { Menu } from '@mantine/core';
import { IconBan, IconDownload, IconLink, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Certificate } from '@vbuilder/shared';
import { RowMenu } from '../../../components/data-table/row-menu.tsx';
import { useCertificateFiles } from '../hooks/use-certificate-files.ts';

/** An Administrator's actions on one certificate: download, copy the link, reissue, revoke. */
export function CertificateRowActions({
  certificate,
  onRevoke,
  onReissue,
}: {
  certificate: Certificate;
  onRevoke: (certificate: Certificate) => void;
  onReissue: (certificate: Certificate) => void;
}) {
  const { t } = useTranslation('certificates');
  const files = useCertificateFiles();
  const live = certificate.status === 'valid';
  return (
    <RowMenu
      label={t('actions.menu', { student: certificate.holder.name })}
      loading={files.busy(certificate)}
    >
      <Menu.Item
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => files.downloadPdf(certificate)}
      >
        {t('actions.downloadPdf')}
      </Menu.Item>
      <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={() => files.copyLink(certificate)}>
        {t('actions.copyLink')}
      </Menu.Item>
      {!certificate.replacedById && (
        <Menu.Item leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => onReissue(certificate)}>
          {t('actions.reissue')}
        </Menu.Item>
      )}
      {live && (
        <>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconBan size={16} aria-hidden />}
            onClick={() => onRevoke(certificate)}
          >
            {t('actions.revoke')}
          </Menu.Item>
        </>
      )}
    </RowMenu>
  );
}
