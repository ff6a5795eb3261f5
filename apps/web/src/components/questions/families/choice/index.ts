import type { FamilyAnswer, FamilyConfig } from '@vbuilder/shared';
import { ChoiceEditor } from './choice-editor.tsx';
import type { FamilyComponents } from '../../family-ui.ts';
import { ChoicePlayer } from './choice-player.tsx';
import { ChoiceExampleView } from './example-view.tsx';

/** The web side of the choice family: its player, its editor and its example. */
export const choiceComponents: FamilyComponents<FamilyConfig<'choice'>, FamilyAnswer<'choice'>> = {
  Player: ChoicePlayer,
  Editor: ChoiceEditor,
  ExampleView: ChoiceExampleView,
};
