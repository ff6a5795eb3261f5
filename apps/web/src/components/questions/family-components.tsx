import type { ComponentType } from 'react';
import {
  getQuestionType,
  type FamilyAnswer,
  type FamilyConfig,
  type FamilyId,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { ChoiceEditor } from './editors/choice-editor.tsx';
import { CrosswordEditor } from './editors/crossword-editor.tsx';
import { DragDropEditor } from './editors/drag-drop-editor.tsx';
import { FillBlanksEditor } from './editors/fill-blanks-editor.tsx';
import { MatchingEditor } from './editors/matching-editor.tsx';
import { OpenEditor } from './editors/open-editor.tsx';
import { OrderingEditor } from './editors/ordering-editor.tsx';
import { ShortAnswerEditor } from './editors/short-answer-editor.tsx';
import { TrueFalseEditor } from './editors/true-false-editor.tsx';
import type { EditorProps, PlayerProps } from './family-ui.ts';
import { ChoicePlayer } from './players/choice-player.tsx';
import { CrosswordPlayer } from './players/crossword-player.tsx';
import { DragDropPlayer } from './players/drag-drop-player.tsx';
import { FillBlanksPlayer } from './players/fill-blanks-player.tsx';
import { MatchingPlayer } from './players/matching-player.tsx';
import { OpenPlayer } from './players/open/open-player.tsx';
import { OrderingPlayer } from './players/ordering-player.tsx';
import { ShortAnswerPlayer } from './players/short-answer-player.tsx';
import { TrueFalsePlayer } from './players/true-false-player.tsx';

/** The web side of one family: how a student answers it and how a teacher writes it. */
export interface FamilyComponents<C, A> {
  Player: ComponentType<PlayerProps<C, A>>;
  Editor: ComponentType<EditorProps<C>>;
}

/**
 * Every family's player and editor, typed against the family's own config and answer, so a
 * family missing here (or a component written for another family's shapes) is a compile error.
 */
export const FAMILY_COMPONENTS: { [K in FamilyId]: FamilyComponents<FamilyConfig<K>, FamilyAnswer<K>> } = {
  choice: { Player: ChoicePlayer, Editor: ChoiceEditor },
  trueFalse: { Player: TrueFalsePlayer, Editor: TrueFalseEditor },
  shortAnswer: { Player: ShortAnswerPlayer, Editor: ShortAnswerEditor },
  fillBlanks: { Player: FillBlanksPlayer, Editor: FillBlanksEditor },
  matching: { Player: MatchingPlayer, Editor: MatchingEditor },
  ordering: { Player: OrderingPlayer, Editor: OrderingEditor },
  dragDrop: { Player: DragDropPlayer, Editor: DragDropEditor },
  crossword: { Player: CrosswordPlayer, Editor: CrosswordEditor },
  open: { Player: OpenPlayer, Editor: OpenEditor },
};

/**
 * The components of a question type's family, for code that holds a question whose config is
 * only known at run time to fit its family (QuestionSchema checked it).
 */
export function componentsOf(typeId: QuestionTypeId): FamilyComponents<unknown, unknown> {
  return FAMILY_COMPONENTS[getQuestionType(typeId).family] as unknown as FamilyComponents<unknown, unknown>;
}

export const playerOf = (typeId: QuestionTypeId) => componentsOf(typeId).Player;
