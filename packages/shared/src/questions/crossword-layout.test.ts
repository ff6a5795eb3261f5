import { describe, expect, it } from 'vitest';
import {
  crosswordGrid,
  crosswordLetters,
  generateCrosswordLayout,
  type CrosswordLayout,
  type CrosswordLayoutEntry,
} from './crossword-layout.ts';

const words = (...answers: string[]): CrosswordLayoutEntry[] =>
  answers.map((answer, i) => ({ id: `e${i}`, answer }));

/**
 * Rebuilds the grid from scratch (independently of crosswordGrid) and checks every property a
 * layout must have; returns the letter grid for further checks.
 */
function checkLayout(entries: CrosswordLayoutEntry[], layout: CrosswordLayout): (string | null)[][] {
  const grid: (string | null)[][] = Array.from({ length: layout.rows }, () =>
    Array<string | null>(layout.cols).fill(null),
  );
  const usedBy = new Map<string, Set<string>>();
  expect(layout.placements.map((p) => p.entryId).sort()).toEqual(entries.map((e) => e.id).sort());
  for (const p of layout.placements) {
    const letters = crosswordLetters(entries.find((e) => e.id === p.entryId)!.answer);
    letters.forEach((letter, i) => {
      const r = p.direction === 'down' ? p.row + i : p.row;
      const c = p.direction === 'across' ? p.col + i : p.col;
      expect(r).toBeGreaterThanOrEqual(0);
      expect(c).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThan(layout.rows);
      expect(c).toBeLessThan(layout.cols);
      // Every placement's letters agree with the grid: no cell holds two different letters.
      if (grid[r]![c] !== null) expect(grid[r]![c]).toBe(letter);
      grid[r]![c] = letter;
      const k = `${r},${c}`;
      const dirs = usedBy.get(k) ?? new Set();
      expect(dirs.has(p.direction)).toBe(false); // never two words the same way through a cell
      dirs.add(p.direction);
      usedBy.set(k, dirs);
    });
  }
  // Every run of two or more letters, across or down, is exactly one placed word: nothing side by
  // side spells a non-word and no word runs on into another.
  for (const direction of ['across', 'down'] as const) {
    const lines = direction === 'across' ? layout.rows : layout.cols;
    const length = direction === 'across' ? layout.cols : layout.rows;
    for (let line = 0; line < lines; line += 1) {
      let start = -1;
      for (let i = 0; i <= length; i += 1) {
        const cell = i < length ? (direction === 'across' ? grid[line]![i] : grid[i]![line]) : null;
        if (cell !== null && start < 0) start = i;
        if (cell === null && start >= 0) {
          if (i - start >= 2) {
            const [row, col] = direction === 'across' ? [line, start] : [start, line];
            const word = layout.placements.find(
              (p) => p.direction === direction && p.row === row && p.col === col,
            );
            expect(word, `${direction} run at ${row},${col}`).toBeDefined();
            expect(crosswordLetters(entries.find((e) => e.id === word!.entryId)!.answer).length).toBe(
              i - start,
            );
          }
          start = -1;
        }
      }
    }
  }
  // Trimmed to the used area.
  if (layout.rows > 0) {
    expect(grid[0]!.some((c) => c !== null)).toBe(true);
    expect(grid[layout.rows - 1]!.some((c) => c !== null)).toBe(true);
    expect(grid.some((row) => row[0] !== null)).toBe(true);
    expect(grid.some((row) => row[layout.cols - 1] !== null)).toBe(true);
  }
  // Numbered 1..n in reading order of starting cells; a shared start shares its number.
  const starts = [...new Set(layout.placements.map((p) => `${p.row},${p.col}`))]
    .map((k) => k.split(',').map(Number) as [number, number])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const p of layout.placements) {
    expect(p.number).toBe(starts.findIndex(([r, c]) => r === p.row && c === p.col) + 1);
  }
  expect(crosswordGrid(entries, layout).ok).toBe(true);
  return grid;
}

/** Groups of words connected through shared cells. */
function components(layout: CrosswordLayout, entries: CrosswordLayoutEntry[]): number {
  const cellsOf = new Map(
    layout.placements.map((p) => {
      const n = crosswordLetters(entries.find((e) => e.id === p.entryId)!.answer).length;
      return [
        p.entryId,
        new Set(
          Array.from({ length: n }, (_, i) =>
            p.direction === 'across' ? `${p.row},${p.col + i}` : `${p.row + i},${p.col}`,
          ),
        ),
      ];
    }),
  );
  const ids = [...cellsOf.keys()];
  const seen = new Set<string>();
  let count = 0;
  for (const id of ids) {
    if (seen.has(id)) continue;
    count += 1;
    const stack = [id];
    seen.add(id);
    while (stack.length) {
      const cur = stack.pop()!;
      for (const other of ids) {
        if (seen.has(other)) continue;
        if ([...cellsOf.get(cur)!].some((c) => cellsOf.get(other)!.has(c))) {
          seen.add(other);
          stack.push(other);
        }
      }
    }
  }
  return count;
}

const SETS: [string, CrosswordLayoutEntry[], number | null][] = [
  ['science words', words('photosynthesis', 'oxygen', 'chlorophyll', 'leaf', 'sun', 'water', 'root'), 1],
  ['two words', words('atom', 'molecule'), 1],
  ['words that share no letter', words('abc', 'xyz', 'def'), 3],
  ['one word cannot cross', words('planet', 'lunar', 'star', 'qq'), 2],
  ['substrings', words('cat', 'cats', 'scatter', 'act'), null],
  ['repeated words', words('moon', 'moon', 'moon'), null],
  ['French and German', words('école', 'café', 'forêt', 'Straße', 'Mädchen', 'schön'), null],
  ['Greek', words('ΣΟΦΊΑ', 'ΦΩΣ', 'ΑΣΤΈΡΙ', 'ΣΕΛΉΝΗ'), null],
  ['Japanese kana', words('さくら', 'くるま', 'まくら', 'らくだ'), null],
  ['Devanagari', words('नमस्ते', 'नमक', 'कमल'), null],
  ['combining accents', words('cafe\u0301', 'e\u0301te\u0301', 'the\u0301'), null],
];

describe('generateCrosswordLayout', () => {
  it.each(SETS)('%s: a valid layout', (_name, entries, expectedComponents) => {
    const layout = generateCrosswordLayout(entries);
    checkLayout(entries, layout);
    if (expectedComponents !== null) expect(components(layout, entries)).toBe(expectedComponents);
  });

  it.each(SETS)('%s: deterministic', (_name, entries) => {
    const first = generateCrosswordLayout(entries);
    expect(generateCrosswordLayout(structuredClone(entries))).toEqual(first);
    expect(generateCrosswordLayout(entries)).toEqual(first);
  });

  it('crosses shorter words on the longest one', () => {
    const entries = words('sun', 'photosynthesis', 'oxygen');
    const layout = generateCrosswordLayout(entries);
    checkLayout(entries, layout);
    expect(components(layout, entries)).toBe(1);
  });

  it('a simple cross', () => {
    const entries = words('cat', 'hat');
    const layout = generateCrosswordLayout(entries);
    const grid = checkLayout(entries, layout);
    expect(layout.rows * layout.cols).toBe(9); // CAT across, HAT down through the A (or T)
    expect(grid.flat().filter(Boolean)).toHaveLength(5);
  });

  it('numbers an across and a down word that start in the same cell with one number', () => {
    const entries = words('abc', 'ade');
    const layout = generateCrosswordLayout(entries);
    checkLayout(entries, layout);
    expect(layout.placements.map((p) => [p.entryId, p.direction, p.number])).toEqual([
      ['e0', 'across', 1],
      ['e1', 'down', 1],
    ]);
  });

  it('the property check itself catches words side by side and clashing letters', () => {
    const entries = words('ab', 'cd');
    const sideBySide: CrosswordLayout = {
      rows: 2,
      cols: 2,
      placements: [
        { entryId: 'e0', row: 0, col: 0, direction: 'across', number: 1 },
        { entryId: 'e1', row: 1, col: 0, direction: 'across', number: 2 },
      ],
    };
    expect(() => checkLayout(entries, sideBySide)).toThrow();
    const clash: CrosswordLayout = {
      ...sideBySide,
      rows: 1,
      placements: [sideBySide.placements[0]!, { ...sideBySide.placements[1]!, row: 0, number: 1 }],
    };
    expect(() => checkLayout(entries, clash)).toThrow();
  });

  it('returns an empty layout for no entries, and skips entries without letters', () => {
    expect(generateCrosswordLayout([])).toEqual({ rows: 0, cols: 0, placements: [] });
    expect(generateCrosswordLayout(words('', ' ')).placements).toEqual([]);
  });

  it('keeps every property on many generated word sets', () => {
    // A small alphabet makes shared letters, clashes and near-adjacency very common.
    let seed = 20240601;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ['A', 'B', 'C', 'D', 'E', 'É', 'Ö'];
    for (let set = 0; set < 150; set += 1) {
      const count = 2 + Math.floor(random() * 12);
      const entries = Array.from({ length: count }, (_, i) => ({
        id: `w${i}`,
        answer: Array.from(
          { length: 2 + Math.floor(random() * 8) },
          () => alphabet[Math.floor(random() * alphabet.length)],
        ).join(''),
      }));
      const layout = generateCrosswordLayout(entries);
      checkLayout(entries, layout);
      expect(generateCrosswordLayout(entries)).toEqual(layout);
    }
  });
});

describe('crosswordLetters', () => {
  it('splits into user-perceived letters, upper case, NFC', () => {
    expect(crosswordLetters('café')).toEqual(['C', 'A', 'F', 'É']);
    expect(crosswordLetters('cafe\u0301')).toEqual(['C', 'A', 'F', 'É']);
    expect(crosswordLetters('Straße')).toEqual(['S', 'T', 'R', 'A', 'ß', 'E']);
    expect(crosswordLetters('ab cd')).toEqual(['A', 'B', 'C', 'D']);
    expect(crosswordLetters('')).toEqual([]);
  });
});

describe('crosswordGrid', () => {
  const entries = words('cat', 'hat');
  const layout = generateCrosswordLayout(entries);
  it('describes the cells with numbers', () => {
    const result = crosswordGrid(entries, layout);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const starts = result.cells.flat().filter((c) => c?.number !== undefined);
    expect(starts.map((c) => c!.number).sort()).toEqual([1, 2]);
  });
  it.each([
    ['a missing placement', { ...layout, placements: layout.placements.slice(1) }, 'placement'],
    [
      'a placement twice',
      { ...layout, placements: [...layout.placements, layout.placements[0]!] },
      'placement',
    ],
    [
      'an unknown entry',
      { ...layout, placements: [...layout.placements.slice(1), { ...layout.placements[0]!, entryId: 'x' }] },
      'placement',
    ],
    ['too small a grid', { ...layout, rows: 1 }, 'bounds'],
    ['a negative size', { ...layout, rows: -1 }, 'bounds'],
    ['a huge grid', { ...layout, rows: 5000, cols: 5000 }, 'bounds'],
  ])('rejects %s', (_name, bad, reason) => {
    expect(crosswordGrid(entries, bad)).toEqual({ ok: false, reason });
  });
});
