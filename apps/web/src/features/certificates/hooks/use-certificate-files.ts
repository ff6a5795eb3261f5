import { useState } from 'react';
import { useClipboard } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Certificate } from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { codeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import {
  CERTIFICATE_FILES,
  downloadCertificateFile,
  type CertificateFileKind,
} from '../api/certificate-actions.ts';
import { saveFile } from '../../../lib/save-file.ts';

const TOAST_ID = 'certificate-files';

/**
 * A certificate's PDF and Open Badge (fetched with the token and saved under the server's file
 * name) and its verification link (copied, with a toast saying so).
 */
export function useCertificateFiles() {
  const { t } = useTranslation('certificates');
  const errorText = useErrorText();
  const clipboard = useClipboard({ timeout: 2000 });
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (certificate: Certificate, kind: CertificateFileKind) => {
    setBusy(`${certificate.id}:${kind}`);
    try {
      const { blob, fileName } = await downloadCertificateFile(certificate.id, kind);
      saveFile(blob, fileName ?? `certificate-${certificate.code}.${CERTIFICATE_FILES[kind].extension}`);
    } catch (error) {
      showToast(
        'failure',
        errorText(codeOf(error) ?? 'internal_error'),
        kind === 'pdf' ? t('files.pdfFailed') : t('files.badgeFailed'),
        TOAST_ID,
      );
    } finally {
      setBusy(null);
    }
  };

  const copyLink = (certificate: Certificate) => {
    clipboard.copy(certificate.verificationUrl);
    showToast('success', certificate.verificationUrl, t('files.linkCopied'), TOAST_ID);
  };

  return {
    downloadPdf: (certificate: Certificate) => void download(certificate, 'pdf'),
    downloadBadge: (certificate: Certificate) => void download(certificate, 'badge'),
    copyLink,
    busy: (certificate: Certificate, kind?: CertificateFileKind) =>
      kind ? busy === `${certificate.id}:${kind}` : Boolean(busy?.startsWith(`${certificate.id}:`)),
  };
}
