import { useState, type FormEvent } from 'react';
import { Button, Paper, Stack, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CERTIFICATE_CODE_PATTERN } from '@vbuilder/shared';

/** A code as people copy it: spaces, dashes and lower case are forgiven. */
const normalize = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/**
 * /verify without a code (the landing page's footer link): the visitor types the code printed on
 * the certificate and is taken to /verify/{code}. A malformed code is refused here, in words.
 */
export function VerifyLookup() {
  const { t } = useTranslation('certificates');
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalize(value);
    if (!CERTIFICATE_CODE_PATTERN.test(code)) {
      setInvalid(true);
      return;
    }
    void navigate(`/verify/${code}`);
  };

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('verify.lookupLabel')}
            description={t('verify.lookupDescription')}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setInvalid(false);
            }}
            error={invalid ? t('verify.lookupInvalid') : undefined}
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Button type="submit" leftSection={<IconShieldCheck size={18} aria-hidden />}>
            {t('verify.lookupSubmit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
