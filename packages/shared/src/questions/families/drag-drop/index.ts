import { z } from 'zod';
import { defineFamily, NOT_READ_NOR_ANALYSED } from '../../family.ts';
import { PartIdSchema, checkUniqueIds, filledText, own, partial, totalMark } from '../common.ts';
import { fromExample, toExample } from './example.ts';
import { studentView, type StudentDragDropConfig } from './student-view.ts';

export type { StudentDragDropConfig } from './student-view.ts';

export const DragDropZoneSchema = z.object({
  id: PartIdSchema,
  label: filledText('questions.errors.zoneEmpty'),
});
export type DragDropZone = z.infer<typeof DragDropZoneSchema>;

export const DragDropItemSchema = z.object({
  id: PartIdSchema,
  text: filledText('questions.errors.itemEmpty'),
  /** The zone the item belongs in; null for a distractor that belongs nowhere. */
  zoneId: PartIdSchema.nullable(),
});
export type DragDropItem = z.infer<typeof DragDropItemSchema>;

export const DragDropConfigSchema = z
  .object({
    zones: z
      .array(DragDropZoneSchema)
      .min(1, 'questions.errors.zonesRequired')
      .max(20, 'questions.errors.zonesTooMany'),
    items: z
      .array(DragDropItemSchema)
      .min(1, 'questions.errors.itemsRequired')
      .max(50, 'questions.errors.itemsTooMany'),
  })
  .superRefine((config, ctx) => {
    // Zones and items share one id space so an answer value can never be mistaken for an item.
    const seen = checkUniqueIds(
      ctx,
      config.zones.map((zone) => zone.id),
      (i) => ['zones', i, 'id'],
    );
    checkUniqueIds(
      ctx,
      config.items.map((item) => item.id),
      (i) => ['items', i, 'id'],
      seen,
    );
    const zoneIds = new Set(config.zones.map((zone) => zone.id));
    config.items.forEach((item, i) => {
      if (item.zoneId !== null && !zoneIds.has(item.zoneId))
        ctx.addIssue({
          code: 'custom',
          message: 'questions.errors.zoneUnknown',
          path: ['items', i, 'zoneId'],
        });
    });
    if (!config.items.some((item) => item.zoneId !== null))
      ctx.addIssue({ code: 'custom', message: 'questions.errors.itemZoneRequired', path: ['items'] });
  });
export type DragDropConfig = z.infer<typeof DragDropConfigSchema>;

/** Item id → the zone the student put it in (null or absent: left out). */
export const DragDropAnswerSchema = z.record(z.string().max(64), z.string().max(64).nullable());
export type DragDropAnswer = z.infer<typeof DragDropAnswerSchema>;

/**
 * Partial credit per item, equal weight: items where they belong / items × max. Every placement
 * is its own decision, so a misplaced item costs only its share. A distractor (zoneId null) is
 * right when left out or put nowhere, so recognising it earns credit too. Unknown item ids and
 * unknown zone ids are simply not right.
 * details: item id → right.
 */
export const dragDrop = defineFamily<DragDropConfig, DragDropAnswer, StudentDragDropConfig>({
  id: 'dragDrop',
  config: DragDropConfigSchema,
  answer: DragDropAnswerSchema,
  /** 2 empty zones, one empty item for each (zoneEmpty, itemEmpty). */
  defaultConfig: () => ({
    zones: ['z1', 'z2'].map((id) => ({ id, label: '' })),
    items: ['1', '2'].map((n) => ({ id: `i${n}`, text: '', zoneId: `z${n}` })),
  }),
  fromExample,
  toExample,
  studentView,
  ...NOT_READ_NOR_ANALYSED,
  expectedAnswer: (config) => Object.fromEntries(config.items.map((item) => [item.id, item.zoneId])),
  mark: totalMark(DragDropConfigSchema, DragDropAnswerSchema, (config, answer, max) => {
    const details: Record<string, boolean> = {};
    let right = 0;
    for (const item of config.items) {
      const placed = own(answer, item.id) ?? null;
      const ok = placed === item.zoneId;
      details[item.id] = ok;
      if (ok) right += 1;
    }
    return partial(right / config.items.length, max, details);
  }),
});
