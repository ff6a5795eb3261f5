import {
  getQuestionType,
  type FamilyAnswer,
  type FamilyConfig,
  type FamilyId,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { choiceComponents } from './families/choice/index.ts';
import { crosswordComponents } from './families/crossword/index.ts';
import { dragDropComponents } from './families/drag-drop/index.ts';
import { fillBlanksComponents } from './families/fill-blanks/index.ts';
import { matchingComponents } from './families/matching/index.ts';
import { openComponents } from './families/open/index.ts';
import { orderingComponents } from './families/ordering/index.ts';
import { shortAnswerComponents } from './families/short-answer/index.ts';
import { trueFalseComponents } from './families/true-false/index.ts';
import type { FamilyComponents } from './family-ui.ts';

export type { ExampleViewProps, FamilyComponents } from './family-ui.ts';

/**
 * Every family's player, editor, example view and optional answer view
 * (components/questions/families/<family>/),
 * typed against the family's own config and answer, so a family missing here, a family missing a
 * component, or a component written for another family's shapes is a compile error.
 */
export const FAMILY_COMPONENTS: { [K in FamilyId]: FamilyComponents<FamilyConfig<K>, FamilyAnswer<K>> } = {
  choice: choiceComponents,
  trueFalse: trueFalseComponents,
  shortAnswer: shortAnswerComponents,
  fillBlanks: fillBlanksComponents,
  matching: matchingComponents,
  ordering: orderingComponents,
  dragDrop: dragDropComponents,
  crossword: crosswordComponents,
  open: openComponents,
};

/**
 * The components of a question type's family, for code that holds a question whose config is
 * only known at run time to fit its family (QuestionSchema checked it).
 */
export function componentsOf(typeId: QuestionTypeId): FamilyComponents<unknown, unknown> {
  return FAMILY_COMPONENTS[getQuestionType(typeId).family] as unknown as FamilyComponents<unknown, unknown>;
}

export const playerOf = (typeId: QuestionTypeId) => componentsOf(typeId).Player;
