import { getQuestionType, type FamilyId, type QuestionTypeId } from '@vbuilder/shared';
import { choiceTraits } from './families/choice/traits.ts';
import { crosswordTraits } from './families/crossword/traits.ts';
import { dragDropTraits } from './families/drag-drop/traits.ts';
import { fillBlanksTraits } from './families/fill-blanks/traits.ts';
import { matchingTraits } from './families/matching/traits.ts';
import { openTraits } from './families/open/traits.ts';
import { orderingTraits } from './families/ordering/traits.ts';
import { shortAnswerTraits } from './families/short-answer/traits.ts';
import { trueFalseTraits } from './families/true-false/traits.ts';
import type { FamilyTraits } from './family-ui.ts';

/**
 * Every family's traits (families/<family>/traits.ts): plain values and no components, so the
 * attempt screen can ask them before, and without, fetching the family's player
 * (family-players.tsx). A family missing here is a compile error.
 */
const FAMILY_TRAITS: { [K in FamilyId]: FamilyTraits } = {
  choice: choiceTraits,
  trueFalse: trueFalseTraits,
  shortAnswer: shortAnswerTraits,
  fillBlanks: fillBlanksTraits,
  matching: matchingTraits,
  ordering: orderingTraits,
  dragDrop: dragDropTraits,
  crossword: crosswordTraits,
  open: openTraits,
};

/** The traits of a question type's family. */
export const traitsOf = (typeId: QuestionTypeId): FamilyTraits =>
  FAMILY_TRAITS[getQuestionType(typeId).family];

/** Whether the screens show the question's image above the player (the player does not show it). */
export const showsImageAbovePlayer = (typeId: QuestionTypeId): boolean => !traitsOf(typeId).playerShowsImage;
