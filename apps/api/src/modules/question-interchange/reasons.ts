import type { translatorFor } from '../../i18n/index.ts';
import type { Note } from './convert.ts';
import { ruleWords } from './rules.ts';
import type { InterchangeReason } from './types.ts';

/** A converter's note as the reader sees it: its code and params, and a sentence in their language. */
export function reasonOf(note: Note, t: ReturnType<typeof translatorFor>): InterchangeReason {
  const params = Object.fromEntries(
    Object.entries(note.params ?? {}).filter(([, v]) => v !== undefined),
  ) as Record<string, string | number>;
  // A part's name, a reading problem: sentences of their own, given to the reason in the reader's language.
  const words = { ...params };
  if (note.code === 'unreadable') words.problem = t(`questionInterchange:problems.${params.problem}`, params);
  if (typeof params.rule === 'string') words.rule = ruleWords(params.rule, t);
  if (note.code === 'partNotCarried') words.part = t(`questionInterchange:parts.${params.part}`, params);
  return { code: note.code, params, message: t(`questionInterchange:reasons.${note.code}`, words) };
}
