import { z } from 'zod';
import { defineFamily } from '../../family.ts';
import { PartIdSchema, checkUniqueIds, filledText, partial, totalMark } from '../common.ts';
import { fromExample, toExample } from './example.ts';
import { studentView, type StudentChoiceConfig } from './student-view.ts';

export type { StudentChoiceConfig } from './student-view.ts';

export const ChoiceOptionSchema = z.object({
  id: PartIdSchema,
  text: filledText('questions.errors.optionEmpty'),
  imageUrl: z.string().max(8192, 'questions.errors.imageUrlInvalid').nullable().optional(),
});
export type ChoiceOption = z.infer<typeof ChoiceOptionSchema>;

export const ChoiceConfigSchema = z
  .object({
    options: z
      .array(ChoiceOptionSchema)
      .min(2, 'questions.errors.optionsTooFew')
      .max(10, 'questions.errors.optionsTooMany'),
    correct: z.array(PartIdSchema).min(1, 'questions.errors.correctRequired'),
    multiple: z.boolean(),
    shuffle: z.boolean(),
  })
  .superRefine((config, ctx) => {
    const ids = checkUniqueIds(
      ctx,
      config.options.map((o) => o.id),
      (i) => ['options', i, 'id'],
    );
    config.correct.forEach((id, i) => {
      if (!ids.has(id))
        ctx.addIssue({ code: 'custom', message: 'questions.errors.correctUnknown', path: ['correct', i] });
    });
    if (new Set(config.correct).size !== config.correct.length)
      ctx.addIssue({ code: 'custom', message: 'questions.errors.duplicateId', path: ['correct'] });
    if (!config.multiple && config.correct.length > 1)
      ctx.addIssue({ code: 'custom', message: 'questions.errors.singleCorrectOnly', path: ['correct'] });
  });
export type ChoiceConfig = z.infer<typeof ChoiceConfigSchema>;

/** The ids of the options the student chose. */
export const ChoiceAnswerSchema = z.array(z.string().max(64)).max(50);
export type ChoiceAnswer = z.infer<typeof ChoiceAnswerSchema>;

/**
 * Single correct: all or nothing (one choice, the right one).
 * Multiple correct: max(0, (right chosen − wrong chosen) / number correct) × max. Each right
 * option earns an equal share and each wrong one takes a share back, so ticking every box earns
 * nothing while a careful partial answer earns a fair part; the floor at 0 keeps a question from
 * costing points elsewhere. Ids that are not options are ignored; repeats count once.
 * details: per option, whether its chosen/not-chosen state is right.
 */
export const choice = defineFamily<ChoiceConfig, ChoiceAnswer, StudentChoiceConfig>({
  id: 'choice',
  config: ChoiceConfigSchema,
  answer: ChoiceAnswerSchema,
  expectedAnswer: (config) => [...config.correct],
  /** 4 empty options, no correct option (optionEmpty, correctRequired). */
  defaultConfig: () => ({
    options: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: '', imageUrl: null })),
    correct: [],
    multiple: false,
    shuffle: false,
  }),
  fromExample,
  toExample,
  studentView,
  readsAsText: () => false,
  analysisOptions: (config) => {
    const { options, correct } = (config ?? {}) as { options?: unknown; correct?: unknown };
    if (!Array.isArray(options) || !Array.isArray(correct)) return null;
    const right = new Set(correct as string[]);
    return (options as { id: string; text: string }[]).map((o) => ({
      id: o.id,
      text: o.text,
      correct: right.has(o.id),
    }));
  },
  mark: totalMark(ChoiceConfigSchema, ChoiceAnswerSchema, (config, answer, max) => {
    const optionIds = new Set(config.options.map((o) => o.id));
    const correct = new Set(config.correct);
    const chosen = new Set(answer.filter((id) => optionIds.has(id)));
    const details: Record<string, boolean> = {};
    for (const option of config.options)
      details[option.id] = chosen.has(option.id) === correct.has(option.id);
    if (!config.multiple) {
      const right = chosen.size === 1 && correct.has([...chosen][0]!);
      return partial(right ? 1 : 0, max, details);
    }
    let rightChosen = 0;
    let wrongChosen = 0;
    for (const id of chosen) {
      if (correct.has(id)) rightChosen += 1;
      else wrongChosen += 1;
    }
    return partial((rightChosen - wrongChosen) / correct.size, max, details);
  }),
});
