/**
 * Deterministic shuffles seeded by a question id: a student sees the same order every time they
 * open the question (and after a reload), yet different questions are mixed differently. Not for
 * security — only so that the order on screen does not give the answer away.
 */

/** FNV-1a over UTF-16 code units: a small, stable 32-bit hash of the seed text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded generator of floats in [0, 1). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Fisher–Yates shuffle of a copy of `items`, the same for the same seed. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const random = generator(hash(seed));
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/**
 * Like seededShuffle, but never the original order when there are two or more items, so an
 * ordering question never starts out already solved.
 */
export function seededScramble<T>(items: readonly T[], seed: string): T[] {
  const shuffled = seededShuffle(items, seed);
  if (items.length < 2 || shuffled.some((item, i) => item !== items[i])) return shuffled;
  // The shuffle landed on the original order: rotating by one is still deterministic and differs.
  return [...shuffled.slice(1), shuffled[0]!];
}
