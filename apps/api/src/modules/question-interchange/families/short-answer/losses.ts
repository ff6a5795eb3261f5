import { SHORT_ANSWER_DEFAULT_MAX_WORDS, type ShortAnswerConfig } from '@vbuilder/shared';
import type { Note } from '../../convert.ts';

/** No format carries a short answer's word limit; the default comes back by itself. */
export function shortAnswerLosses(config: ShortAnswerConfig): Note[] {
  const { maxWords } = config;
  if (maxWords === undefined || maxWords === SHORT_ANSWER_DEFAULT_MAX_WORDS) return [];
  return [{ code: 'partNotCarried', params: { part: 'wordLimit' } }];
}
