import type { FamilyAnswer, FamilyConfig } from '@vbuilder/shared';
import { MatchingEditor } from './matching-editor.tsx';
import type { FamilyComponents } from '../../family-ui.ts';
import { MatchingPlayer } from './matching-player.tsx';
import { MatchingExampleView } from './example-view.tsx';

/** The web side of the matching family: its player, its editor and its example. */
export const matchingComponents: FamilyComponents<FamilyConfig<'matching'>, FamilyAnswer<'matching'>> = {
  Player: MatchingPlayer,
  Editor: MatchingEditor,
  ExampleView: MatchingExampleView,
};
