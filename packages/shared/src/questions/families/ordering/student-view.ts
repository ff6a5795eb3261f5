import type { FamilyStudentView } from '../../family.ts';
import { maskIn, secretScramble, unmaskMap } from '../../student-masking.ts';
import type { OrderingConfig } from './index.ts';

export interface StudentOrderingConfig {
  items: { id: string; text: string }[];
  /** Student view only: the items are already in a secret scrambled order; show them as given. */
  scrambled?: boolean;
}

/** Item ids are opaque (editors number them in the right order) and the items come scrambled. */
export const studentView: FamilyStudentView<OrderingConfig, StudentOrderingConfig> = {
  config: (c, context) => {
    const items = c.items.map((item) => ({ id: maskIn(context, 'item', item.id), text: item.text }));
    return {
      items: secretScramble(items, (i) => i.id, context.seed, `${context.questionId}:items`),
      scrambled: true,
    };
  },
  answerFromView: (c, context, answer) => {
    if (!Array.isArray(answer)) return answer;
    const map = unmaskMap(
      context,
      'item',
      c.items.map((i) => i.id),
    );
    return answer.map((id) => (typeof id === 'string' ? (map.get(id) ?? '') : ''));
  },
  answerToView: (_c, context, answer) =>
    Array.isArray(answer)
      ? answer.map((id) => (typeof id === 'string' ? maskIn(context, 'item', id) : id))
      : answer,
  detailsToView: (_c, context, details) =>
    Object.fromEntries(Object.entries(details).map(([id, ok]) => [maskIn(context, 'item', id), ok])),
};
