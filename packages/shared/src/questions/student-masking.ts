import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { StudentViewContext } from './family.ts';

/**
 * The secret-seeded ids and orders a student view hides answers with (student-view.ts explains
 * why); each family's student-view.ts uses them.
 */

/** A keyed hash: the same for the same seed and text, unpredictable without the seed. */
function keyed(seed: string, text: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(seed), utf8ToBytes(text)));
}

/** The opaque id a part gets in a student view (scope keeps matches, items and zones apart). */
export function maskPartId(seed: string, questionId: string, scope: string, id: string): string {
  return `x${keyed(seed, `${questionId}\u0000${scope}\u0000${id}`).slice(0, 16)}`;
}

/** Items in a secret order that depends on the seed, the question and each item's key. */
export function secretOrder<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  seed: string,
  salt: string,
): T[] {
  return items
    .map((item) => ({ item, rank: keyed(seed, `${salt}\u0000${keyOf(item)}`) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .map((x) => x.item);
}

/** Like secretOrder, but never the original order when there are two or more items. */
export function secretScramble<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  seed: string,
  salt: string,
): T[] {
  const shuffled = secretOrder(items, keyOf, seed, salt);
  if (items.length < 2 || shuffled.some((item, i) => item !== items[i])) return shuffled;
  return [...shuffled.slice(1), shuffled[0]!];
}

/** An answer read as a record ({} when it is not one). */
export const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** view id → the question's own id, for the parts of `scope` a student view masks. */
export function unmaskMap(
  { seed, questionId }: StudentViewContext,
  scope: string,
  ids: readonly string[],
): Map<string, string> {
  return new Map(ids.map((id) => [maskPartId(seed, questionId, scope, id), id]));
}

/** The opaque id of one part of `scope` in this student view. */
export const maskIn = ({ seed, questionId }: StudentViewContext, scope: string, id: string): string =>
  maskPartId(seed, questionId, scope, id);
