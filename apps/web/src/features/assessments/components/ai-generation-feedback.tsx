import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AiGenerateResponse } from '@vbuilder/shared';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { rejectedOf, useRejectionText, type RejectedItem } from './ai-rejections.ts';

function RejectedList({ items }: { items: RejectedItem[] }) {
  const { t } = useTranslation('aiGeneration');
  const line = useRejectionText();
  if (items.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm">{t('rejected.heading', { count: items.length })}</Text>
      <List size="sm" spacing={2}>
        {items.map((item) => (
          <List.Item key={item.index}>{line(item)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * What became of a generation: a failure with its reason ('OpenAI API key is missing.' on its own;
 * any other as 'Failed to generate questions with AI' and the translated code) and the items the
 * model wrote that could not be used, or how many questions were added for review.
 */
export function AiGenerationFeedback({
  error,
  result,
}: {
  error: unknown;
  result: AiGenerateResponse | null;
}) {
  const { t } = useTranslation('aiGeneration');
  const errorText = useErrorText();

  if (error) {
    const code = errorCodeOf(error);
    if (code === 'ai_key_missing') {
      return (
        <Alert color="orange" variant="light" role="alert" icon={<IconKey size={20} aria-hidden />}>
          {errorText(code)}
        </Alert>
      );
    }
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('errors.failed')}
        icon={<IconAlertCircle size={20} aria-hidden />}
      >
        <Stack gap="xs">
          <Text size="sm">{errorText(code)}</Text>
          <RejectedList items={isApiError(error) ? rejectedOf(error.details) : []} />
        </Stack>
      </Alert>
    );
  }
  if (!result) return null;
  return (
    <Alert color="green" variant="light" role="status" icon={<IconCheck size={20} aria-hidden />}>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('result.generated', { count: result.questions.length })}
        </Text>
        <RejectedList items={result.rejected} />
      </Stack>
    </Alert>
  );
}
