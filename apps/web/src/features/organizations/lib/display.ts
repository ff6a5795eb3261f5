/** Blank strings count as missing: the API may keep a cleared field as ''. */
export const present = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};
