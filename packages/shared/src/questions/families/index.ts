import type { FamilyId, QuestionFamily } from '../family.ts';
import { choice, type ChoiceAnswer, type ChoiceConfig } from './choice.ts';
import { crossword, type CrosswordAnswer, type CrosswordConfig } from './crossword.ts';
import { dragDrop, type DragDropAnswer, type DragDropConfig } from './drag-drop.ts';
import { fillBlanks, type FillBlanksAnswer, type FillBlanksConfig } from './fill-blanks.ts';
import { matching, type MatchingAnswer, type MatchingConfig } from './matching.ts';
import { open, type OpenAnswer, type OpenConfig } from './open.ts';
import { ordering, type OrderingAnswer, type OrderingConfig } from './ordering.ts';
import { shortAnswer, type ShortAnswerAnswer, type ShortAnswerConfig } from './short-answer.ts';
import { trueFalse, type TrueFalseAnswer, type TrueFalseConfig } from './true-false.ts';

export * from './choice.ts';
export * from './true-false.ts';
export * from './short-answer.ts';
export * from './fill-blanks.ts';
export * from './matching.ts';
export * from './ordering.ts';
export * from './drag-drop.ts';
export * from './crossword.ts';
export * from './open.ts';

/** Config and answer types of each family, by family id. */
export interface FamilyShapes {
  choice: { config: ChoiceConfig; answer: ChoiceAnswer };
  trueFalse: { config: TrueFalseConfig; answer: TrueFalseAnswer };
  shortAnswer: { config: ShortAnswerConfig; answer: ShortAnswerAnswer };
  fillBlanks: { config: FillBlanksConfig; answer: FillBlanksAnswer };
  matching: { config: MatchingConfig; answer: MatchingAnswer };
  ordering: { config: OrderingConfig; answer: OrderingAnswer };
  dragDrop: { config: DragDropConfig; answer: DragDropAnswer };
  crossword: { config: CrosswordConfig; answer: CrosswordAnswer };
  open: { config: OpenConfig; answer: OpenAnswer };
}
export type FamilyConfig<K extends FamilyId> = FamilyShapes[K]['config'];
export type FamilyAnswer<K extends FamilyId> = FamilyShapes[K]['answer'];

/** Every family's behaviour; a family missing here is a compile error. */
export const FAMILIES: { [K in FamilyId]: QuestionFamily<FamilyConfig<K>, FamilyAnswer<K>> } = {
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
