import type { ChoiceConfig } from '@vbuilder/shared';
import type { Note } from '../../convert.ts';
import type { ExportFormat } from '../../types.ts';

/** Whether an import of the format shuffles the options (GIFT does, Aiken does not). */
const SHUFFLED_ON_IMPORT: Partial<Record<ExportFormat, boolean>> = { gift: true, aiken: false };

/** A choice question loses its option order setting where the format's import fixes it otherwise. */
export function choiceLosses(config: ChoiceConfig, format: ExportFormat): Note[] {
  const shuffled = SHUFFLED_ON_IMPORT[format];
  if (shuffled === undefined || config.shuffle === shuffled) return [];
  return [{ code: 'partNotCarried', params: { part: shuffled ? 'fixedOrder' : 'shuffle' } }];
}
