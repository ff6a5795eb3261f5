import { Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProtectedFileUrl } from './use-protected-file-url.ts';

/** The student's recording, played from the API with the teacher's token. */
export function ProtectedMedia({
  kind,
  url,
  label,
}: {
  kind: 'audio' | 'video';
  url: string;
  label: string;
}) {
  const { t } = useTranslation('submissions');
  const file = useProtectedFileUrl(url);
  if (file.status !== 'ready') {
    if (file.status !== 'error') return <Loader size="sm" aria-label={t('answer.loadingFile')} />;
    return (
      <Text size="sm" c="red.9" role="alert">
        {t('answer.fileFailed')}
      </Text>
    );
  }
  return kind === 'audio' ? (
    <audio controls src={file.url} aria-label={label} style={{ width: '100%', maxWidth: 480 }} />
  ) : (
    <video
      controls
      playsInline
      src={file.url}
      aria-label={label}
      style={{ width: '100%', maxWidth: 560, borderRadius: 8, background: '#000' }}
    />
  );
}
