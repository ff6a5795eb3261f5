import { useState } from 'react';
import { Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { intlLocale, ASSESSMENT_LIMITS } from '@vbuilder/shared';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useReadSourceDocument } from '../api/generate-questions.ts';

/** What the upload button offers; the API decides by the bytes, this only narrows the file dialog. */
const ACCEPT =
  '.pdf,.docx,.txt,.md,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,text/markdown';
const MAX_MB = Math.floor(ASSESSMENT_LIMITS.aiSourceFileMaxBytes / (1024 * 1024));

export interface AiSourceFieldProps {
  value: string;
  onChange(value: string): void;
  idPrefix: string;
  error?: string;
  disabled?: boolean;
}

/**
 * Optional source material: text pasted in, or read from an uploaded document (POST /ai/source
 * fills the text area, where the teacher can still trim it).
 */
export function AiSourceField({ value, onChange, idPrefix, error, disabled }: AiSourceFieldProps) {
  const { t, i18n } = useTranslation('aiGeneration');
  const errorText = useErrorText();
  const read = useReadSourceDocument();
  const [readFrom, setReadFrom] = useState<{ name: string; truncated: boolean } | null>(null);
  const max = ASSESSMENT_LIMITS.aiSourceTextMax;
  const number = (n: number) => n.toLocaleString(intlLocale(i18n.language));

  const upload = (file: File | null) => {
    if (!file) return;
    read.mutate(file, {
      onSuccess: (source) => {
        onChange(source.text);
        setReadFrom({ name: source.name || file.name, truncated: source.truncated });
      },
    });
  };

  const uploadError = read.isError
    ? `${t('errors.uploadFailed')}: ${errorText(errorCodeOf(read.error))}`
    : null;

  return (
    <Stack gap={6}>
      <Textarea
        id={`${idPrefix}-source`}
        label={t('panel.source')}
        description={t('panel.sourceDescription')}
        placeholder={t('panel.sourcePlaceholder')}
        value={value}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          if (event.currentTarget.value === '') setReadFrom(null);
        }}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={max}
        error={error}
        disabled={disabled}
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <FileButton onChange={upload} accept={ACCEPT} disabled={disabled || read.isPending}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconFileUpload size={16} aria-hidden />}
                loading={read.isPending}
              >
                {t('panel.upload')}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              onClick={() => {
                onChange('');
                setReadFrom(null);
              }}
              disabled={disabled}
            >
              {t('panel.clearSource')}
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="gray.7">
          {t('panel.sourceCount', { count: value.length, used: number(value.length), max: number(max) })}
        </Text>
      </Group>
      <Text size="xs" c="gray.7">
        {t('panel.uploadHint', { size: MAX_MB })}
      </Text>
      {readFrom ? (
        <Text size="sm" c="gray.8" role="status">
          {t('panel.readFrom', { name: readFrom.name })}{' '}
          {readFrom.truncated ? t('panel.truncated', { max: number(max) }) : null}
        </Text>
      ) : null}
      {uploadError ? (
        <Text size="sm" c="red.8" role="alert">
          {uploadError}
        </Text>
      ) : null}
    </Stack>
  );
}
