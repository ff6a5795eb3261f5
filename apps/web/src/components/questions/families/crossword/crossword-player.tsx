import { useMemo, useRef, useState, type ChangeEvent, type CSSProperties, type KeyboardEvent } from 'react';
import { Alert, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  crosswordEntryLength,
  crosswordLetters,
  studentCrosswordGrid,
  type CrosswordAnswer,
  type CrosswordDirection,
  type CrosswordPlacement,
  type StudentCrosswordConfig,
} from '@vbuilder/shared';
import type { PlayerProps } from '../../family-ui.ts';
import { partResult, ResultMark } from '../../players/common/result-mark.tsx';
import classes from './crossword-player.module.css';

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
const key = (row: number, col: number) => `${row},${col}`;
const other = (direction: CrosswordDirection): CrosswordDirection =>
  direction === 'across' ? 'down' : 'across';

/**
 * The cells of a stored word, one per cell: the answer string keeps a space for an empty cell
 * inside a word, so "C T" puts C in the first cell and T in the third.
 */
export function wordCells(word: string | undefined): string[] {
  if (!word) return [];
  return Array.from(graphemes.segment(word.normalize('NFC')), ({ segment }) =>
    segment.trim() === '' ? '' : segment,
  );
}

/** A word's answer from its cells: blanks as spaces, trailing blanks dropped, '' when empty. */
export function wordFromCells(cells: readonly string[]): string {
  return cells
    .map((letter) => letter || ' ')
    .join('')
    .trimEnd();
}

/** The letter a typed text gives a cell: its last letter (any script), upper case; null if none. */
function typedLetter(text: string): string | null {
  const letters = Array.from(graphemes.segment(text), ({ segment }) => segment).filter((s) =>
    /^\p{L}/u.test(s),
  );
  const last = letters.at(-1);
  return last ? (crosswordLetters(last)[0] ?? null) : null;
}

interface Word extends CrosswordPlacement {
  clue: string;
  length: number;
  /** Cell keys in reading order. */
  cells: string[];
}

interface Position {
  row: number;
  col: number;
  direction: CrosswordDirection;
}

/**
 * A crossword: a grid of one-letter boxes with the Across and Down clues beside it (below on a
 * phone). Typing fills a box and moves along the current word; arrows move between boxes;
 * Backspace clears and steps back; Space (or a second click) turns between Across and Down;
 * a clue button jumps to its word. The grid is one tab stop (roving focus), so Tab goes on to
 * the clues. The answer is assembled per word from the boxes it runs through. The solution's
 * letters are never put on the page — only the grid's shape and the clues.
 */
export function CrosswordPlayer({
  question,
  value,
  onChange,
  disabled = false,
  result,
  idPrefix,
}: PlayerProps<StudentCrosswordConfig, CrosswordAnswer>) {
  const { t } = useTranslation('questions');
  const { entries, layout } = question.config;
  // A student view has word lengths, not words: the grid is built from the lengths.
  const grid = useMemo(() => studentCrosswordGrid({ entries, layout }), [entries, layout]);
  const words = useMemo(() => {
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    return layout.placements.map((placement): Word => {
      const entry = byId.get(placement.entryId);
      const length = entry ? crosswordEntryLength(entry) : 0;
      const [dr, dc] = placement.direction === 'across' ? [0, 1] : [1, 0];
      return {
        ...placement,
        clue: entry?.clue ?? '',
        length,
        cells: Array.from({ length }, (_, i) => key(placement.row + dr * i, placement.col + dc * i)),
      };
    });
  }, [entries, layout]);
  const wordById = useMemo(() => new Map(words.map((word) => [word.entryId, word])), [words]);

  // The letters on the grid, read from the answer: a crossing takes the first word's letter.
  const letters = useMemo(() => {
    const map = new Map<string, string>();
    for (const word of words) {
      const cells = wordCells(value?.[word.entryId]);
      word.cells.forEach((cell, i) => {
        const letter = cells[i];
        if (letter && !map.has(cell)) map.set(cell, letter);
      });
    }
    return map;
  }, [words, value]);

  const firstWord = words[0];
  const [position, setPosition] = useState<Position | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const pressedActive = useRef(false);
  // Set while go() moves focus itself, so the focus handler does not reset the direction it chose.
  const movingTo = useRef<string | null>(null);

  if (!grid.ok) {
    return (
      <Alert color="red" variant="light" title={t('players.crossword.invalidTitle')}>
        {t('players.crossword.invalid')}
      </Alert>
    );
  }
  const cells = grid.cells;
  const cellAt = (row: number, col: number) => cells[row]?.[col] ?? null;

  const current: Position | null =
    position ??
    (firstWord ? { row: firstWord.row, col: firstWord.col, direction: firstWord.direction } : null);
  const currentCell = current ? cellAt(current.row, current.col) : null;
  const currentWordId =
    currentCell && current
      ? (currentCell[current.direction] ?? currentCell[other(current.direction)])
      : undefined;
  const currentWord = currentWordId ? wordById.get(currentWordId) : undefined;

  /** Goes to a cell, keeping the direction when the cell has a word that way. */
  const go = (row: number, col: number, direction: CrosswordDirection, focus = true) => {
    const cell = cellAt(row, col);
    if (!cell) return;
    const dir = cell[direction] ? direction : other(direction);
    setPosition({ row, col, direction: dir });
    if (focus) {
      movingTo.current = key(row, col);
      inputs.current.get(key(row, col))?.focus();
      movingTo.current = null;
    }
  };

  const write = (row: number, col: number, letter: string) => {
    const cell = cellAt(row, col);
    if (!cell) return;
    const next = new Map(letters);
    if (letter) next.set(key(row, col), letter);
    else next.delete(key(row, col));
    const answer: CrosswordAnswer = { ...(value ?? {}) };
    for (const id of [cell.across, cell.down]) {
      const word = id ? wordById.get(id) : undefined;
      if (!word) continue;
      const text = wordFromCells(word.cells.map((c) => next.get(c) ?? ''));
      if (text) answer[word.entryId] = text;
      else delete answer[word.entryId];
    }
    onChange(answer);
  };

  /** The neighbour cell along the current word (step +1 or -1), or null at its end. */
  const along = (row: number, col: number, direction: CrosswordDirection, step: number) => {
    const wordId = cellAt(row, col)?.[direction];
    const word = wordId ? wordById.get(wordId) : undefined;
    if (!word) return null;
    const index = word.cells.indexOf(key(row, col)) + step;
    const target = word.cells[index];
    if (!target) return null;
    const [r, c] = target.split(',').map(Number) as [number, number];
    return { row: r, col: c };
  };

  /** The next open cell from (row, col) in a straight line, jumping over blocked squares. */
  const nextOpen = (row: number, col: number, dr: number, dc: number) => {
    for (
      let r = row + dr, c = col + dc;
      r >= 0 && c >= 0 && r < layout.rows && c < layout.cols;
      r += dr, c += dc
    ) {
      if (cellAt(r, c)) return { row: r, col: c };
    }
    return null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    if (!current) return;
    const direction = current.row === row && current.col === col ? current.direction : 'across';
    const arrows: Record<string, [number, number, CrosswordDirection]> = {
      ArrowUp: [-1, 0, 'down'],
      ArrowDown: [1, 0, 'down'],
      ArrowLeft: [0, -1, 'across'],
      ArrowRight: [0, 1, 'across'],
    };
    const arrow = arrows[event.key];
    if (arrow) {
      event.preventDefault();
      const target = nextOpen(row, col, arrow[0], arrow[1]);
      if (target) go(target.row, target.col, arrow[2]);
      return;
    }
    if (event.key === 'Backspace' && !disabled) {
      event.preventDefault();
      if (letters.get(key(row, col))) {
        write(row, col, '');
        return;
      }
      const previous = along(row, col, direction, -1);
      if (previous) {
        write(previous.row, previous.col, '');
        go(previous.row, previous.col, direction);
      }
      return;
    }
    if (event.key === 'Delete' && !disabled) {
      event.preventDefault();
      write(row, col, '');
      return;
    }
    if (event.key === ' ') {
      event.preventDefault();
      const cell = cellAt(row, col);
      if (cell?.across && cell.down) setPosition({ row, col, direction: other(direction) });
      return;
    }
    if ((event.key === 'Home' || event.key === 'End') && currentWord) {
      event.preventDefault();
      const target = currentWord.cells[event.key === 'Home' ? 0 : currentWord.cells.length - 1]!;
      const [r, c] = target.split(',').map(Number) as [number, number];
      go(r, c, currentWord.direction);
    }
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>, row: number, col: number) => {
    if (disabled) return;
    const text = event.currentTarget.value;
    // A phone keyboard may send its Backspace as an emptied value rather than a key press.
    if (text === '') {
      write(row, col, '');
      return;
    }
    // Without a selection the box may hold the old letter and the new one: keep the new one.
    const old = letters.get(key(row, col));
    const added = old && text.length > old.length ? text.replace(old, '') : text;
    const letter = typedLetter(added);
    if (!letter) return;
    write(row, col, letter);
    const direction = current?.row === row && current.col === col ? current.direction : 'across';
    const next = along(row, col, cellAt(row, col)?.[direction] ? direction : other(direction), 1);
    if (next) go(next.row, next.col, direction);
  };

  const cellMark = (across?: string, down?: string): boolean | undefined => {
    const marks = [across, down].filter((id): id is string => !!id).map((id) => partResult(result, id));
    if (marks.some((m) => m === undefined)) return undefined;
    return marks.every(Boolean);
  };

  const describe = (row: number, col: number) => {
    const cell = cellAt(row, col)!;
    const parts = [t('players.crossword.cellPosition', { row: row + 1, col: col + 1 })];
    for (const direction of ['across', 'down'] as const) {
      const word = cell[direction] ? wordById.get(cell[direction]!) : undefined;
      if (!word) continue;
      parts.push(
        t('players.crossword.cellInWord', {
          number: word.number,
          direction: t(`players.crossword.${direction}`),
          index: word.cells.indexOf(key(row, col)) + 1,
          length: word.length,
        }),
      );
    }
    return parts.join(' ');
  };

  const clueList = (direction: CrosswordDirection) => {
    const list = words.filter((word) => word.direction === direction);
    if (list.length === 0) return null;
    const headingId = `${idPrefix}-clues-${direction}`;
    return (
      <section className={classes.clues} aria-labelledby={headingId}>
        <Text id={headingId} fw={700} size="sm" tt="uppercase" c="dimmed" className={classes.cluesHeading}>
          {t(`players.crossword.${direction}`)}
        </Text>
        <ol className={classes.clueList}>
          {list.map((word) => {
            const mark = partResult(result, word.entryId);
            return (
              <li key={word.entryId}>
                <UnstyledButton
                  className={classes.clue}
                  data-active={currentWord?.entryId === word.entryId || undefined}
                  aria-label={t('players.crossword.clueButton', {
                    number: word.number,
                    direction: t(`players.crossword.${direction}`),
                    clue: word.clue,
                    length: word.length,
                  })}
                  onClick={() => go(word.row, word.col, word.direction)}
                >
                  <span className={classes.clueNumber} aria-hidden>
                    {word.number}
                  </span>
                  <span className={classes.clueText} id={`${idPrefix}-clue-${word.entryId}`}>
                    {word.clue} <span className={classes.clueLength}>({word.length})</span>
                  </span>
                  {mark === undefined ? null : <ResultMark correct={mark} />}
                </UnstyledButton>
              </li>
            );
          })}
        </ol>
      </section>
    );
  };

  const activeCells = new Set(currentWord?.cells ?? []);

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" id={`${idPrefix}-crossword-hint`}>
        {t('players.crossword.hint')}
      </Text>
      <div className={classes.layout}>
        <div className={classes.gridScroller}>
          <div
            role="group"
            aria-label={t('players.crossword.grid')}
            aria-describedby={`${idPrefix}-crossword-hint`}
            className={classes.grid}
            style={{ '--cols': layout.cols } as CSSProperties}
          >
            {cells.flatMap((rowCells, row) =>
              rowCells.map((cell, col) => {
                if (!cell) return <div key={key(row, col)} className={classes.block} aria-hidden />;
                const cellKey = key(row, col);
                const isCurrent = current?.row === row && current.col === col;
                const mark = result ? cellMark(cell.across, cell.down) : undefined;
                const word = cell[current?.direction ?? 'across'] ?? cell.across ?? cell.down;
                return (
                  <div
                    key={cellKey}
                    className={classes.cell}
                    data-in-word={activeCells.has(cellKey) || undefined}
                    data-result={mark === undefined ? undefined : mark ? 'correct' : 'incorrect'}
                  >
                    {cell.number ? (
                      <span className={classes.number} aria-hidden>
                        {cell.number}
                      </span>
                    ) : null}
                    <input
                      ref={(input) => {
                        if (input) inputs.current.set(cellKey, input);
                        else inputs.current.delete(cellKey);
                      }}
                      id={`${idPrefix}-cell-${row}-${col}`}
                      className={classes.input}
                      type="text"
                      inputMode="text"
                      autoComplete="off"
                      autoCorrect="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      value={letters.get(cellKey) ?? ''}
                      readOnly={disabled}
                      tabIndex={isCurrent ? 0 : -1}
                      aria-label={describe(row, col)}
                      aria-describedby={word ? `${idPrefix}-clue-${word}` : undefined}
                      onFocus={(event) => {
                        // Selected, so a typed letter replaces the one already there.
                        event.currentTarget.select();
                        if (movingTo.current !== cellKey && !isCurrent)
                          go(row, col, current?.direction ?? 'across', false);
                      }}
                      onPointerDown={() => {
                        pressedActive.current = isCurrent;
                      }}
                      onClick={() => {
                        if (pressedActive.current && cell.across && cell.down) {
                          setPosition({ row, col, direction: other(current!.direction) });
                        }
                        pressedActive.current = false;
                      }}
                      onKeyDown={(event) => onKeyDown(event, row, col)}
                      onChange={(event) => onInput(event, row, col)}
                    />
                  </div>
                );
              }),
            )}
          </div>
        </div>
        <div className={classes.clueColumns}>
          {clueList('across')}
          {clueList('down')}
        </div>
      </div>
    </Stack>
  );
}
