import { z } from 'zod';
import { QUESTION_TYPES, type QuestionTypeId } from './types.ts';

const TYPE_IDS = QUESTION_TYPES.map((t) => t.id) as [QuestionTypeId, ...QuestionTypeId[]];

/**
 * A question type's id. A module of its own: the schemas of attempts, submissions and exports need
 * it without QuestionSchema, whose check of a config reads every family's schemas (a screen that
 * imported it built them all when it loaded).
 */
export const QuestionTypeIdSchema = z.enum(TYPE_IDS, 'questions.errors.typeInvalid');
