/**
 * Crossword layout: one shared, deterministic generator so the editor's preview, the stored
 * question and the student's grid are the same, plus the checks the config schema runs on a
 * stored layout and the letter splitting every side must agree on.
 */

export type CrosswordDirection = 'across' | 'down';

export interface CrosswordPlacement {
  entryId: string;
  /** Row and column of the first letter, 0-based from the top-left of the grid. */
  row: number;
  col: number;
  direction: CrosswordDirection;
  /** Clue number, in reading order of starting cells; an across and a down word may share one. */
  number: number;
}

export interface CrosswordLayout {
  rows: number;
  cols: number;
  placements: CrosswordPlacement[];
}

export interface CrosswordLayoutEntry {
  id: string;
  answer: string;
}

// Made on first use, like text-normalise.ts's word segmenter: not while a screen loads.
let graphemeSegmenter: Intl.Segmenter | undefined;
const graphemes = () => (graphemeSegmenter ??= new Intl.Segmenter('und', { granularity: 'grapheme' }));

/**
 * The cells a word fills: one user-perceived character each (so 'é' written as e + accent, or a
 * Devanagari syllable, is one cell), in NFC and upper case. Upper-casing that would change the
 * number of cells ('ß' → 'SS') keeps the letter as written.
 */
export function crosswordLetters(word: string): string[] {
  return Array.from(graphemes().segment(word.normalize('NFC').replace(/\s+/gu, '')), ({ segment }) => {
    const upper = segment.toUpperCase();
    return Array.from(graphemes().segment(upper)).length === 1 ? upper : segment;
  });
}

/** Letters only: a letter optionally followed by combining marks, repeated. */
export const CROSSWORD_WORD = /^(?:\p{L}\p{M}*)+$/u;

const key = (row: number, col: number): string => `${row},${col}`;
const step = (direction: CrosswordDirection): [number, number] => (direction === 'across' ? [0, 1] : [1, 0]);

interface Cell {
  letter: string;
  across?: string;
  down?: string;
}

interface Candidate {
  row: number;
  col: number;
  direction: CrosswordDirection;
  crossings: number;
}

/** The letter grid being built; coordinates may go negative until the layout is trimmed. */
class Grid {
  cells = new Map<string, Cell>();
  minRow = 0;
  maxRow = -1;
  minCol = 0;
  maxCol = -1;

  get empty(): boolean {
    return this.cells.size === 0;
  }

  at(row: number, col: number): Cell | undefined {
    return this.cells.get(key(row, col));
  }

  /**
   * Crossings if `letters` fit at (row, col) going `direction`, or -1 when they would clash:
   * a different letter in a cell, a cell already used in the same direction, a letter touching
   * another word side by side (which would spell a non-word), or a word running on into a letter
   * before its start or after its end.
   */
  fit(letters: string[], row: number, col: number, direction: CrosswordDirection): number {
    const [dr, dc] = step(direction);
    if (this.at(row - dr, col - dc) || this.at(row + dr * letters.length, col + dc * letters.length))
      return -1;
    let crossings = 0;
    for (let i = 0; i < letters.length; i += 1) {
      const r = row + dr * i;
      const c = col + dc * i;
      const cell = this.at(r, c);
      if (cell) {
        if (cell.letter !== letters[i] || cell[direction] !== undefined) return -1;
        crossings += 1;
      } else if (this.at(r + dc, c + dr) || this.at(r - dc, c - dr)) {
        return -1;
      }
    }
    return crossings;
  }

  place(id: string, letters: string[], row: number, col: number, direction: CrosswordDirection): void {
    const [dr, dc] = step(direction);
    letters.forEach((letter, i) => {
      const r = row + dr * i;
      const c = col + dc * i;
      const cell = this.at(r, c) ?? { letter };
      cell[direction] = id;
      this.cells.set(key(r, c), cell);
    });
    const endRow = row + dr * (letters.length - 1);
    const endCol = col + dc * (letters.length - 1);
    if (this.maxRow < this.minRow) {
      [this.minRow, this.maxRow, this.minCol, this.maxCol] = [row, endRow, col, endCol];
    } else {
      this.minRow = Math.min(this.minRow, row);
      this.maxRow = Math.max(this.maxRow, endRow);
      this.minCol = Math.min(this.minCol, col);
      this.maxCol = Math.max(this.maxCol, endCol);
    }
  }

  /** Bounding-box size after placing a word: used to keep the grid compact. */
  sizeWith(length: number, row: number, col: number, direction: CrosswordDirection): [number, number] {
    const [dr, dc] = step(direction);
    const height = Math.max(this.maxRow, row + dr * (length - 1)) - Math.min(this.minRow, row) + 1;
    const width = Math.max(this.maxCol, col + dc * (length - 1)) - Math.min(this.minCol, col) + 1;
    return [height, width];
  }

  /** Every way `letters` can cross a placed word, best first, ties kept in scan order. */
  bestCrossing(letters: string[]): Candidate | null {
    let best: Candidate | null = null;
    let bestArea = Infinity;
    let bestSkew = Infinity;
    // Scan cells in reading order so the choice never depends on Map insertion history.
    const cells = [...this.cells.entries()]
      .map(([k, cell]) => {
        const [r, c] = k.split(',').map(Number) as [number, number];
        return { r, c, cell };
      })
      .sort((a, b) => a.r - b.r || a.c - b.c);
    for (const { r, c, cell } of cells) {
      const directions: CrosswordDirection[] = [];
      if (cell.across !== undefined && cell.down === undefined) directions.push('down');
      if (cell.down !== undefined && cell.across === undefined) directions.push('across');
      for (const direction of directions) {
        const [dr, dc] = step(direction);
        letters.forEach((letter, i) => {
          if (letter !== cell.letter) return;
          const row = r - dr * i;
          const col = c - dc * i;
          const crossings = this.fit(letters, row, col, direction);
          if (crossings < 1 || crossings === letters.length) return;
          const [height, width] = this.sizeWith(letters.length, row, col, direction);
          const area = height * width;
          const skew = Math.abs(height - width);
          const better =
            !best ||
            crossings > best.crossings ||
            (crossings === best.crossings && (area < bestArea || (area === bestArea && skew < bestSkew)));
          if (better) {
            best = { row, col, direction, crossings };
            bestArea = area;
            bestSkew = skew;
          }
        });
      }
    }
    return best;
  }

  /**
   * A spot apart from everything placed (one empty line between), below the grid going across or
   * to its right going down, whichever keeps the grid closer to square.
   */
  apart(length: number): Omit<Candidate, 'crossings'> {
    if (this.empty) return { row: 0, col: 0, direction: 'across' };
    const below = { row: this.maxRow + 2, col: this.minCol, direction: 'across' as const };
    const right = { row: this.minRow, col: this.maxCol + 2, direction: 'down' as const };
    const [bh, bw] = this.sizeWith(length, below.row, below.col, below.direction);
    const [rh, rw] = this.sizeWith(length, right.row, right.col, right.direction);
    const belowScore = [bh * bw, Math.abs(bh - bw)] as const;
    const rightScore = [rh * rw, Math.abs(rh - rw)] as const;
    return rightScore[0] < belowScore[0] || (rightScore[0] === belowScore[0] && rightScore[1] < belowScore[1])
      ? right
      : below;
  }
}

/**
 * Lays out crossword entries. Deterministic: the same entries in the same order always give the
 * same layout. The longest word goes first (ties in input order); then, repeatedly, the first
 * remaining word (longest first) that can cross a placed word on a shared letter without a clash
 * is placed where it crosses most and keeps the grid most compact. When no remaining word can
 * cross, the first of them is placed apart. Clues are numbered in reading order of their first
 * cells and the grid is trimmed to the used area. Entries without letters are left out.
 */
export function generateCrosswordLayout(entries: readonly CrosswordLayoutEntry[]): CrosswordLayout {
  const words = entries
    .map((entry, index) => ({ id: entry.id, letters: crosswordLetters(entry.answer), index }))
    .filter((word) => word.letters.length > 0)
    .sort((a, b) => b.letters.length - a.letters.length || a.index - b.index);

  const grid = new Grid();
  const placed: Omit<CrosswordPlacement, 'number'>[] = [];
  const pending = [...words];
  while (pending.length > 0) {
    let chosen = -1;
    let spot: Omit<Candidate, 'crossings'> | null = null;
    if (!grid.empty) {
      for (let i = 0; i < pending.length && chosen < 0; i += 1) {
        const crossing = grid.bestCrossing(pending[i]!.letters);
        if (crossing) [chosen, spot] = [i, crossing];
      }
    }
    if (chosen < 0) {
      chosen = 0;
      spot = grid.apart(pending[0]!.letters.length);
    }
    const [word] = pending.splice(chosen, 1);
    grid.place(word!.id, word!.letters, spot!.row, spot!.col, spot!.direction);
    placed.push({ entryId: word!.id, row: spot!.row, col: spot!.col, direction: spot!.direction });
  }

  if (placed.length === 0) return { rows: 0, cols: 0, placements: [] };
  const shifted = placed.map((p) => ({ ...p, row: p.row - grid.minRow, col: p.col - grid.minCol }));
  return {
    rows: grid.maxRow - grid.minRow + 1,
    cols: grid.maxCol - grid.minCol + 1,
    placements: numberPlacements(shifted),
  };
}

/** Numbers starting cells in reading order; output sorted by number, across before down. */
function numberPlacements(placements: Omit<CrosswordPlacement, 'number'>[]): CrosswordPlacement[] {
  const starts = [...new Set(placements.map((p) => key(p.row, p.col)))]
    .map((k) => k.split(',').map(Number) as [number, number])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const numberOf = new Map(starts.map(([r, c], i) => [key(r, c), i + 1]));
  return placements
    .map((p) => ({ ...p, number: numberOf.get(key(p.row, p.col))! }))
    .sort(
      (a, b) => a.number - b.number || (a.direction === b.direction ? 0 : a.direction === 'across' ? -1 : 1),
    );
}

/** One grid cell for players: the solution letter and the clue number that starts there. */
export interface CrosswordCell {
  letter: string;
  number?: number;
  /** Entry ids of the words through this cell, by direction. */
  across?: string;
  down?: string;
}

/**
 * The grid a layout describes (rows × cols, null for a blocked cell), or a reason it is not a
 * valid layout for these entries: every entry placed exactly once, inside the grid, no cell
 * holding two different letters or two words of the same direction.
 */
export function crosswordGrid(
  entries: readonly CrosswordLayoutEntry[],
  layout: CrosswordLayout,
):
  | { ok: true; cells: (CrosswordCell | null)[][] }
  | { ok: false; reason: 'placement' | 'bounds' | 'conflict' } {
  const { rows, cols } = layout;
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0 || rows * cols > 10_000)
    return { ok: false, reason: 'bounds' };
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const seen = new Set<string>();
  for (const p of layout.placements) {
    if (!byId.has(p.entryId) || seen.has(p.entryId)) return { ok: false, reason: 'placement' };
    seen.add(p.entryId);
  }
  if (seen.size !== byId.size) return { ok: false, reason: 'placement' };

  const cells: (CrosswordCell | null)[][] = Array.from({ length: rows }, () =>
    Array<CrosswordCell | null>(cols).fill(null),
  );
  for (const p of layout.placements) {
    const letters = crosswordLetters(byId.get(p.entryId)!.answer);
    const [dr, dc] = step(p.direction);
    for (let i = 0; i < letters.length; i += 1) {
      const r = p.row + dr * i;
      const c = p.col + dc * i;
      if (r < 0 || c < 0 || r >= rows || c >= cols) return { ok: false, reason: 'bounds' };
      const cell = cells[r]![c] ?? { letter: letters[i]! };
      if (cell.letter !== letters[i] || cell[p.direction] !== undefined)
        return { ok: false, reason: 'conflict' };
      cell[p.direction] = p.entryId;
      if (i === 0) cell.number = p.number;
      cells[r]![c] = cell;
    }
  }
  return { ok: true, cells };
}
