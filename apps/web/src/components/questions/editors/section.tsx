import type { ReactNode } from 'react';
import { Fieldset, Stack, Text } from '@mantine/core';

/** A titled group of editor fields (a fieldset, so the title names the group for screen readers). */
export function EditorSection({
  legend,
  description,
  error,
  children,
}: {
  legend: string;
  description?: string;
  /** A translated message about the group as a whole (e.g. "Choose the correct answer"). */
  error?: string;
  children: ReactNode;
}) {
  return (
    <Fieldset
      legend={legend}
      variant="unstyled"
      styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 } }}
    >
      <Stack gap="sm">
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {/* Above the parts it is about, where the teacher is already looking. */}
        {error && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {error}
          </Text>
        )}
        {children}
      </Stack>
    </Fieldset>
  );
}

/** Capital letters name options the way printed tests do (A, B, C…). */
export const optionLetter = (index: number): string => String.fromCharCode(65 + index);
