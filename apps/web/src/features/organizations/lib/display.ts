import type { MantineColor } from '@mantine/core';

/** A phone number shown with a leading plus, as on the profile, or null when there is none. */
export function formatPhone(phone: string | null | undefined): string | null {
  const trimmed = phone?.trim();
  if (!trimmed) return null;
  return trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}

const STATUS_COLORS: Record<string, MantineColor> = { active: 'green', pending: 'yellow', inactive: 'red' };

export const statusColor = (status: string): MantineColor => STATUS_COLORS[status] ?? 'gray';

/** Blank strings count as missing: the API may keep a cleared field as ''. */
export const present = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};
