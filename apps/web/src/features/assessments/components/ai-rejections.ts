import { useTranslation } from 'react-i18next';
import type { AiGenerateResponse } from '@vbuilder/shared';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';

/**
 * The reasons the API gives for items the model wrote that could not be used, in words: docs/product/validation.md's
 * own messages ('Question 2 missing score field') and the API's messages of the same pattern are
 * recognised by shape and translated; question-validation keys ('questions.errors.optionEmpty')
 * are translated as everywhere else; anything else is shown as it came.
 */
const PATTERNS: { pattern: RegExp; key: string }[] = [
  { pattern: /^Invalid question format$/, key: 'rejected.invalidFormat' },
  { pattern: /^Question (\d+) missing question field$/, key: 'rejected.missingQuestion' },
  { pattern: /^Question (\d+) missing score field$/, key: 'rejected.missingScore' },
  { pattern: /^Question (\d+) missing type field$/, key: 'rejected.missingType' },
  { pattern: /^Question (\d+) has an unknown type$/, key: 'rejected.unknownType' },
  { pattern: /^Question (\d+) has a type that was not requested$/, key: 'rejected.typeNotRequested' },
  { pattern: /^Question (\d+) does not fit its type: ([\s\S]*)$/, key: 'rejected.doesNotFitType' },
  {
    pattern: /^Question (\d+) must have exactly one correct answer, not (\d+)$/,
    key: 'rejected.notOneCorrect',
  },
  { pattern: /^Question (\d+) repeats question (\d+)$/, key: 'rejected.duplicate' },
  { pattern: /^Question (\d+) is more than the number asked for$/, key: 'rejected.surplus' },
];

export type RejectedItem = AiGenerateResponse['rejected'][number];

/** Reads `details.rejected` of a 422 ai_no_questions answer; [] when it carries none. */
export function rejectedOf(details: unknown): RejectedItem[] {
  if (!details || typeof details !== 'object' || !('rejected' in details)) return [];
  const rejected = (details as { rejected: unknown }).rejected;
  if (!Array.isArray(rejected)) return [];
  return rejected.filter(
    (item): item is RejectedItem =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as RejectedItem).index === 'number' &&
      Array.isArray((item as RejectedItem).reasons),
  );
}

/** One line per rejected item: 'Question 2 missing score field', 'Question 4: Fill in every option.' */
export function useRejectionText() {
  const { t } = useTranslation('aiGeneration');
  const errorText = useErrorText();
  const reasonText = (index: number, reason: string): string => {
    for (const { pattern, key } of PATTERNS) {
      const match = pattern.exec(reason);
      if (!match) continue;
      // The second group is the detail, the count of right answers or the repeated question.
      const text = t(key, {
        index: match[1] ?? index,
        detail: match[2] ?? '',
        correct: match[2] ?? '',
        first: match[2] ?? '',
      });
      // 'Invalid question format' names no question: say which one.
      return match[1] ? text : t('rejected.item', { index, reason: text });
    }
    const translated = /^(questions|assessments|validation)\./.test(reason) ? errorText(reason) : reason;
    return t('rejected.item', { index, reason: translated });
  };
  return (item: RejectedItem): string =>
    item.reasons.length === 0
      ? t('rejected.item', { index: item.index, reason: t('rejected.invalidFormat') })
      : item.reasons.map((reason) => reasonText(item.index, reason)).join(' · ');
}
