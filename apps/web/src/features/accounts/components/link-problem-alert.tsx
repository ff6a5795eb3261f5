import { Alert } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Why the link of a mail did not work: used already (or mistyped), or too old. */
export function LinkProblemAlert({ code }: { code: 'invalid_token' | 'token_expired' }) {
  const { t } = useTranslation('errors');
  return (
    <Alert
      color={code === 'token_expired' ? 'orange' : 'red'}
      variant="light"
      icon={<IconLinkOff aria-hidden />}
    >
      {t(`errors:${code}`)}
    </Alert>
  );
}
