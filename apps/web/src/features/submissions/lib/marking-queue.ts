import type { MarkingQueueItem, QuestionRubric, RubricCriterion } from '@vbuilder/shared';

/** Mark one question's answers one after another, or all open answers of one student's attempt. */
export type QueueMode = 'question' | 'student';

/** Answers marked together: one question of one assessment, or one attempt. */
export interface QueueGroup {
  key: string;
  mode: QueueMode;
  items: MarkingQueueItem[];
  /** The first item (the oldest submission): what the group is called by. */
  first: MarkingQueueItem;
}

export const groupKeyOf = (item: MarkingQueueItem, mode: QueueMode) =>
  mode === 'question' ? `${item.assessment.id}/${item.questionId}` : item.attemptId;

/**
 * The queue's answers grouped for the mode, keeping the queue's order (oldest submission first):
 * a group comes where its oldest answer comes, its answers in queue order.
 */
export function groupsOf(items: readonly MarkingQueueItem[], mode: QueueMode): QueueGroup[] {
  const groups = new Map<string, QueueGroup>();
  for (const item of items) {
    const key = groupKeyOf(item, mode);
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { key, mode, items: [item], first: item });
  }
  return [...groups.values()];
}

export const itemKey = (item: Pick<MarkingQueueItem, 'attemptId' | 'questionId'>) =>
  `${item.attemptId}/${item.questionId}`;

/** Chosen level per criterion id. */
export type RubricChoice = Record<string, string>;

/** The points of the chosen levels (criteria not chosen count nothing), at most the question's max. */
export function rubricPoints(
  criteria: readonly RubricCriterion[],
  choice: RubricChoice,
  max: number,
): number {
  const sum = criteria.reduce((total, criterion) => {
    const level = criterion.levels.find((l) => l.id === choice[criterion.id]);
    return total + (level?.points ?? 0);
  }, 0);
  return Math.min(sum, max);
}

/** The rubric's choice as the API takes it. */
export const selectionsOf = (rubric: QuestionRubric, choice: RubricChoice) =>
  rubric.criteria.filter((c) => choice[c.id]).map((c) => ({ criterionId: c.id, levelId: choice[c.id]! }));

/** Whether a key press comes from a place where typing happens (text fields, selects, editors). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

/** A fresh id for a criterion or level the teacher adds. */
export const newRubricId = (prefix: 'c' | 'l') => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
