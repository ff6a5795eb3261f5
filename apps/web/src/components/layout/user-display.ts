/**
 * Avatar initials (docs/product/screens.md 'Avatar menu'): the first letters of the first two words of the name,
 * the first letter of a one-word name, 'U' without a name.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'U';
  // Array.from keeps a letter outside the Basic Multilingual Plane whole.
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase())
    .join('');
}

/** Shown in the avatar menu when the profile has no email yet. */
export const PLACEHOLDER_EMAIL = 'user@example.com';
