/** A form's optional text field as stored: trimmed, or null when nothing but blanks was sent. */
export const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * A LIKE/ILIKE pattern matching `term` anywhere. LIKE treats % and _ as wildcards (and \ as
 * their escape): a search for "50%" must find that text, not everything.
 */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
