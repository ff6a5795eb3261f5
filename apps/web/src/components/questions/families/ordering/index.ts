import type { FamilyAnswer, FamilyConfig } from '@vbuilder/shared';
import { OrderingEditor } from './ordering-editor.tsx';
import type { FamilyComponents } from '../../family-ui.ts';
import { OrderingPlayer } from './ordering-player.tsx';
import { OrderingExampleView } from './example-view.tsx';

/** The web side of the ordering family: its player, its editor and its example. */
export const orderingComponents: FamilyComponents<FamilyConfig<'ordering'>, FamilyAnswer<'ordering'>> = {
  Player: OrderingPlayer,
  Editor: OrderingEditor,
  ExampleView: OrderingExampleView,
};
