import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExampleSections } from '../../examples/example-parts.tsx';
import type { ExampleViewProps } from '../../family-ui.ts';

/** A True/False example: the answer 'True' or 'False' in the reader's language. */
export function TrueFalseExampleView({ example }: ExampleViewProps) {
  const { t } = useTranslation('questions');
  const value = typeof example.answer === 'string' ? example.answer.trim().toLowerCase() : null;
  return (
    <ExampleSections
      example={example}
      answer={
        value === 'true' || value === 'false' ? (
          <Text size="sm">{value === 'true' ? t('examples.true') : t('examples.false')}</Text>
        ) : undefined
      }
    />
  );
}
