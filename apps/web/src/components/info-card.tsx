import type { ReactNode } from 'react';
import { Card, DataList, Group, Text, ThemeIcon, Title } from '@mantine/core';

/** The size and hiding of the small icon in front of each item's label. */
export const INFO_ICON = { size: 16, 'aria-hidden': true } as const;

/**
 * A card of facts about one thing (a profile's personal details, an organization's information):
 * a titled section with an icon; its items go in an `InfoList`, or anything else as children.
 */
export function InfoCard({
  title,
  icon,
  headingOrder = 2,
  children,
}: {
  title: string;
  icon: ReactNode;
  /** The title's level inside the page. */
  headingOrder?: 2 | 3;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title} h="100%">
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" radius="md" size="lg">
          {icon}
        </ThemeIcon>
        <Title order={headingOrder} size="h4">
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}

/** The items of an InfoCard, one under the other with dividers. */
export function InfoList({ children }: { children: ReactNode }) {
  return (
    <DataList orientation="vertical" gap="md" withDivider>
      {children}
    </DataList>
  );
}

/** One fact: an icon and a label, the value under them (long values wrap anywhere). */
export function InfoItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>
        {/* gray.7, not dimmed: the label stays above 4.5:1 on white. */}
        <Group gap={6} c="gray.7" fz="sm">
          {icon}
          {label}
        </Group>
      </DataList.ItemLabel>
      <DataList.ItemValue fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** What stands in for a value that is not there ('not provided', 'never'). */
export function InfoMissing({ children }: { children: ReactNode }) {
  return (
    <Text span c="gray.7" fs="italic" fw={400}>
      {children}
    </Text>
  );
}
