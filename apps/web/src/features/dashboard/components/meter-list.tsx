import { Group, Progress, Stack, Text, Title } from '@mantine/core';

export interface Meter {
  key: string;
  label: string;
  /** The figure as shown (formatted in the reader's language). */
  value: string;
  /** The bar's length, 0–100. */
  share: number;
  color: string;
  /** A word beside the label (passed, pending marking…), so colour is never the only cue. */
  note?: string | undefined;
}

/**
 * Figures compared as labelled bars: the label and the figure are text (read as they are by screen
 * readers and never squeezed into a short bar), the bar below only shows the proportion.
 */
export function MeterList({ heading, meters }: { heading?: string; meters: Meter[] }) {
  return (
    <Stack gap={6}>
      {heading && (
        <Title order={4} size="h6">
          {heading}
        </Title>
      )}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {meters.map((m) => (
          <li key={m.key}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
              <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {m.label}
                {m.note && (
                  <Text span size="sm" c="gray.7">
                    {' · '}
                    {m.note}
                  </Text>
                )}
              </Text>
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {m.value}
              </Text>
            </Group>
            <Progress value={m.share} color={m.color} size="sm" radius="xl" mt={4} aria-hidden />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
