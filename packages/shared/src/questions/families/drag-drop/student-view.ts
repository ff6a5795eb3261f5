import type { FamilyStudentView } from '../../family.ts';
import { asObject, maskIn, secretOrder, unmaskMap } from '../../student-masking.ts';
import type { DragDropConfig } from './index.ts';

export interface StudentDragDropConfig {
  zones: { id: string; label: string }[];
  items: { id: string; text: string }[];
}

/** Zone ids are opaque (default ids pair 'i1' with 'z1') and the items are shuffled. */
export const studentView: FamilyStudentView<DragDropConfig, StudentDragDropConfig> = {
  config: (c, context) => ({
    zones: c.zones.map((z) => ({ id: maskIn(context, 'zone', z.id), label: z.label })),
    items: secretOrder(
      c.items.map((i) => ({ id: i.id, text: i.text })),
      (i) => i.id,
      context.seed,
      `${context.questionId}:items`,
    ),
  }),
  answerFromView: (c, context, answer) => {
    const map = unmaskMap(
      context,
      'zone',
      c.zones.map((z) => z.id),
    );
    const result: Record<string, string | null> = {};
    for (const [itemId, value] of Object.entries(asObject(answer)))
      result[itemId] = typeof value === 'string' ? (map.get(value) ?? null) : null;
    return result;
  },
  answerToView: (_c, context, answer) =>
    Object.fromEntries(
      Object.entries(asObject(answer)).map(([k, v]) => [
        k,
        typeof v === 'string' ? maskIn(context, 'zone', v) : v,
      ]),
    ),
  detailsToView: (_c, _context, details) => details,
};
