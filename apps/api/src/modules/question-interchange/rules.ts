import type { translatorFor } from '../../i18n/index.ts';

/**
 * A broken rule in the reader's language. A `doesNotFit` reason keeps its rule i18n-free in its
 * params, as the shared schemas name it ('config.items.1.text: questions.errors.itemEmpty') or as
 * a converter names a limit of a format ('interchange.numericTolerance'); its message gives the
 * rule in words: the schema keys' translations (the web's editors show the same ones) are in this
 * module's catalog under `rules`, and an issue inside a list names the element a teacher counts:
 * "Item 2: Please fill in all items."
 */

/** The config lists whose elements a rule can point at, by the name of one element. */
const LIST_FIELDS: Record<string, string> = {
  options: 'option',
  correct: 'option',
  surveyOptions: 'option',
  acceptedAnswers: 'answer',
  gaps: 'blank',
  pairs: 'pair',
  distractors: 'distractor',
  items: 'item',
  zones: 'zone',
  entries: 'word',
};

/** A schema issue as the rule a reason's params keep. */
export const ruleKey = (issue: { path: readonly PropertyKey[]; message: string }): string =>
  `${issue.path.map(String).join('.')}: ${issue.message}`;

/** The rule in the reader's language; a rule of another shape is returned as it is. */
export function ruleWords(rule: string, t: ReturnType<typeof translatorFor>): string {
  const parts = /^(?:(.*): )?(?:questions\.errors|interchange)\.(\w+)$/.exec(rule);
  if (!parts) return rule;
  const message = t(`questionInterchange:rules.${parts[2]}`, {
    defaultValue: t('questionInterchange:rules.invalid'),
  });
  const path = (parts[1] ?? '').split('.');
  const at = path.findIndex((p, i) => i > 0 && p in LIST_FIELDS);
  const index = at >= 0 && /^\d+$/.test(path[at + 1] ?? '') ? Number(path[at + 1]) : null;
  if (index === null) return message;
  const field = t(`questionInterchange:fields.${LIST_FIELDS[path[at]!]}`);
  return t('questionInterchange:fields.numbered', { field, number: index + 1, message });
}
