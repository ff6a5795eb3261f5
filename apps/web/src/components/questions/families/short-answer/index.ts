import type { FamilyAnswer, FamilyConfig } from '@vbuilder/shared';
import { ShortAnswerEditor } from './short-answer-editor.tsx';
import type { FamilyComponents } from '../../family-ui.ts';
import { ShortAnswerPlayer } from './short-answer-player.tsx';
import { ShortAnswerExampleView } from './example-view.tsx';

/** The web side of the shortAnswer family: its player, its editor and its example. */
export const shortAnswerComponents: FamilyComponents<
  FamilyConfig<'shortAnswer'>,
  FamilyAnswer<'shortAnswer'>
> = {
  Player: ShortAnswerPlayer,
  Editor: ShortAnswerEditor,
  ExampleView: ShortAnswerExampleView,
};
