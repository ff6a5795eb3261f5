import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A short id for a new part (option, pair, item, zone, entry) that no sibling uses yet. Ids only
 * need to be unique within one question, so six random characters are plenty and keep stored
 * questions and answer records small.
 */
export function newPartId(existing: Iterable<string>): string {
  const taken = new Set(existing);
  for (;;) {
    const id = Math.random().toString(36).slice(2, 8);
    if (id.length === 6 && !taken.has(id)) return id;
  }
}

export const replaceAt = <T>(list: readonly T[], index: number, value: T): T[] =>
  list.map((item, i) => (i === index ? value : item));

export const removeAt = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

/** The list with the entry at `from` moved to `to`; out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/**
 * Validation keys come from the shared zod schemas as 'questions.errors.x' (namespace first, as
 * the API reports them) or already as 'questions:errors.x'; i18next wants the namespace before a colon.
 */
export function toI18nKey(key: string): string {
  if (key.includes(':')) return key;
  const dot = key.indexOf('.');
  const namespace = dot > 0 ? key.slice(0, dot) : '';
  if (namespace === 'questions' || namespace === 'validation' || namespace === 'errors') {
    return `${namespace}:${key.slice(dot + 1)}`;
  }
  return `questions:errors.${key}`;
}

/** Translates a validation key from the shared schemas, never showing the key itself. */
export function useErrorText() {
  const { t, i18n } = useTranslation('questions');
  return useCallback(
    (key: string): string => {
      // 'questions.errors.x' lives at errors.x of the questions namespace; a key written for
      // t(`questions:${key}`) (questions.errors.x inside the namespace) is accepted too.
      const found = [toI18nKey(key), `questions:${key}`].find((candidate) => i18n.exists(candidate));
      return found ? t(found) : t('questions:errors.invalid');
    },
    [t, i18n],
  );
}

/**
 * The translated message for an editor field: `errorFor('config.options.1.text')` looks the path
 * up in the editor's `errors` map. Unknown keys fall back to a generic message rather than
 * showing a code to the teacher.
 */
export function useFieldErrors(errors: Record<string, string>) {
  const translate = useErrorText();
  return useCallback(
    (path: string): string | undefined => (errors[path] ? translate(errors[path]) : undefined),
    [errors, translate],
  );
}
