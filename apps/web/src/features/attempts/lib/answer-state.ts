/**
 * Whether an answer counts as answered, whatever its family's shape: something in it other than
 * empty text, empty lists, empty objects or markup without words (a cleared rich text editor).
 */
export function hasContent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  // True/false answers are booleans: 'False' is an answer.
  if (typeof value === 'string')
    return (
      value
        .replace(/<[^>]*>/g, '')
        .replace(/&nbsp;/g, ' ')
        .trim() !== ''
    );
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.some(hasContent);
  if (typeof value === 'object') return Object.values(value).some(hasContent);
  return false;
}

/** The answer's state for the navigator and the submit dialog. */
export interface QuestionState {
  answered: boolean;
  flagged: boolean;
}

export function countStates(states: readonly QuestionState[]) {
  return {
    unanswered: states.filter((state) => !state.answered).length,
    flagged: states.filter((state) => state.flagged).length,
  };
}
