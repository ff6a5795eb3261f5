import { z } from 'zod';
import { defineFamily, malformed, NOT_READ_NOR_ANALYSED } from '../../family.ts';
import { PartIdSchema, checkUniqueIds, filledText, partial, totalMark } from '../common.ts';
import { fromExample, toExample } from './example.ts';
import { studentView, type StudentOrderingConfig } from './student-view.ts';

export type { StudentOrderingConfig } from './student-view.ts';

export const OrderingItemSchema = z.object({
  id: PartIdSchema,
  text: filledText('questions.errors.itemEmpty'),
});
export type OrderingItem = z.infer<typeof OrderingItemSchema>;

export const OrderingConfigSchema = z
  .object({
    /** In the correct order. */
    items: z
      .array(OrderingItemSchema)
      .min(2, 'questions.errors.itemsTooFew')
      .max(30, 'questions.errors.itemsTooMany'),
  })
  .superRefine((config, ctx) => {
    checkUniqueIds(
      ctx,
      config.items.map((item) => item.id),
      (i) => ['items', i, 'id'],
    );
  });
export type OrderingConfig = z.infer<typeof OrderingConfigSchema>;

/** Item ids in the student's order: a permutation of the config's items. */
export const OrderingAnswerSchema = z.array(z.string().max(64)).max(100);
export type OrderingAnswer = z.infer<typeof OrderingAnswerSchema>;

/**
 * Partial credit: items in their correct position / items × max. A student who knows most of a
 * sequence keeps the places they got right; a shuffled guess earns about one item's share.
 * An answer that is not a permutation of the items (missing, repeated or unknown ids) is
 * malformed: a player always submits every item, so anything else is not an answer.
 * details: item id → in its correct position.
 */
export const ordering = defineFamily<OrderingConfig, OrderingAnswer, StudentOrderingConfig>({
  id: 'ordering',
  config: OrderingConfigSchema,
  answer: OrderingAnswerSchema,
  /** 3 empty items (itemEmpty). */
  defaultConfig: () => ({ items: ['1', '2', '3'].map((id) => ({ id, text: '' })) }),
  fromExample,
  toExample,
  studentView,
  ...NOT_READ_NOR_ANALYSED,
  expectedAnswer: (config) => config.items.map((item) => item.id),
  mark: totalMark(OrderingConfigSchema, OrderingAnswerSchema, (config, answer, max) => {
    const ids = config.items.map((item) => item.id);
    const given = new Set(answer);
    if (answer.length !== ids.length || given.size !== ids.length || !ids.every((id) => given.has(id)))
      return malformed(max);
    const details: Record<string, boolean> = {};
    let right = 0;
    ids.forEach((id, index) => {
      const ok = answer[index] === id;
      details[id] = ok;
      if (ok) right += 1;
    });
    return partial(right / ids.length, max, details);
  }),
});
