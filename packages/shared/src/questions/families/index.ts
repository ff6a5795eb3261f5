import type { FamilyId, QuestionFamily } from '../family.ts';
import { choice, type ChoiceAnswer, type ChoiceConfig, type StudentChoiceConfig } from './choice/index.ts';
import {
  crossword,
  type CrosswordAnswer,
  type CrosswordConfig,
  type StudentCrosswordConfig,
} from './crossword/index.ts';
import {
  dragDrop,
  type DragDropAnswer,
  type DragDropConfig,
  type StudentDragDropConfig,
} from './drag-drop/index.ts';
import {
  fillBlanks,
  type FillBlanksAnswer,
  type FillBlanksConfig,
  type StudentFillBlanksConfig,
} from './fill-blanks/index.ts';
import {
  matching,
  type MatchingAnswer,
  type MatchingConfig,
  type StudentMatchingConfig,
} from './matching/index.ts';
import { open, type OpenAnswer, type OpenConfig, type StudentOpenConfig } from './open/index.ts';
import {
  ordering,
  type OrderingAnswer,
  type OrderingConfig,
  type StudentOrderingConfig,
} from './ordering/index.ts';
import {
  shortAnswer,
  type ShortAnswerAnswer,
  type ShortAnswerConfig,
  type StudentShortAnswerConfig,
} from './short-answer/index.ts';
import {
  trueFalse,
  type TrueFalseAnswer,
  type TrueFalseConfig,
  type StudentTrueFalseConfig,
} from './true-false/index.ts';

export * from './choice/index.ts';
export * from './true-false/index.ts';
export * from './short-answer/index.ts';
export * from './fill-blanks/index.ts';
export * from './matching/index.ts';
export * from './ordering/index.ts';
export * from './drag-drop/index.ts';
export * from './crossword/index.ts';
export * from './open/index.ts';

/**
 * Config, answer and student-view config types of each family, by family id. A family is a
 * folder here: index.ts (schemas, marking, default config, the family), example.ts (example ↔
 * question) and student-view.ts (what a student may see), with its tests beside them.
 */
export interface FamilyShapes {
  choice: { config: ChoiceConfig; answer: ChoiceAnswer; student: StudentChoiceConfig };
  trueFalse: { config: TrueFalseConfig; answer: TrueFalseAnswer; student: StudentTrueFalseConfig };
  shortAnswer: { config: ShortAnswerConfig; answer: ShortAnswerAnswer; student: StudentShortAnswerConfig };
  fillBlanks: { config: FillBlanksConfig; answer: FillBlanksAnswer; student: StudentFillBlanksConfig };
  matching: { config: MatchingConfig; answer: MatchingAnswer; student: StudentMatchingConfig };
  ordering: { config: OrderingConfig; answer: OrderingAnswer; student: StudentOrderingConfig };
  dragDrop: { config: DragDropConfig; answer: DragDropAnswer; student: StudentDragDropConfig };
  crossword: { config: CrosswordConfig; answer: CrosswordAnswer; student: StudentCrosswordConfig };
  open: { config: OpenConfig; answer: OpenAnswer; student: StudentOpenConfig };
}
export type FamilyConfig<K extends FamilyId> = FamilyShapes[K]['config'];
export type FamilyAnswer<K extends FamilyId> = FamilyShapes[K]['answer'];
/**
 * What a student receives of each family's config (student-view.ts). Each is a structural subset
 * of the family's full config, so players typed with these accept both a student view and a full
 * question (previews).
 */
export type StudentConfigs = { [K in FamilyId]: FamilyShapes[K]['student'] };
export type StudentConfig<K extends FamilyId> = FamilyShapes[K]['student'];

/** Every family's behaviour; a family missing here, or missing a member, is a compile error. */
export const FAMILIES: {
  [K in FamilyId]: QuestionFamily<FamilyConfig<K>, FamilyAnswer<K>, StudentConfig<K>>;
} = {
  choice,
  trueFalse,
  shortAnswer,
  fillBlanks,
  matching,
  ordering,
  dragDrop,
  crossword,
  open,
};
