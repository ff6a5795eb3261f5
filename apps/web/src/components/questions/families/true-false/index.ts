import type { FamilyAnswer, FamilyConfig } from '@vbuilder/shared';
import { TrueFalseEditor } from './true-false-editor.tsx';
import type { FamilyComponents } from '../../family-ui.ts';
import { TrueFalsePlayer } from './true-false-player.tsx';
import { TrueFalseExampleView } from './example-view.tsx';

/** The web side of the trueFalse family: its player, its editor and its example. */
export const trueFalseComponents: FamilyComponents<FamilyConfig<'trueFalse'>, FamilyAnswer<'trueFalse'>> = {
  Player: TrueFalsePlayer,
  Editor: TrueFalseEditor,
  ExampleView: TrueFalseExampleView,
};
