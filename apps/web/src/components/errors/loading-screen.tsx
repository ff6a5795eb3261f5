import { Center, Loader, Stack, Text } from '@mantine/core';

/**
 * 'Loading your workspace...' (docs/product/overview.md). Shown before translations load too, so the English
 * text is the fallback when i18n is not ready yet.
 */
export function LoadingScreen({ label }: { label?: string }) {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed">{label ?? 'Loading your workspace...'}</Text>
      </Stack>
    </Center>
  );
}
