import type { FamilyAnswer, FamilyConfig } from '@vbuilder/shared';
import { CrosswordEditor } from './crossword-editor.tsx';
import type { FamilyComponents } from '../../family-ui.ts';
import { CrosswordPlayer } from './crossword-player.tsx';
import { CrosswordExampleView } from './example-view.tsx';

/** The web side of the crossword family: its player, its editor and its example. */
export const crosswordComponents: FamilyComponents<FamilyConfig<'crossword'>, FamilyAnswer<'crossword'>> = {
  Player: CrosswordPlayer,
  Editor: CrosswordEditor,
  ExampleView: CrosswordExampleView,
};
