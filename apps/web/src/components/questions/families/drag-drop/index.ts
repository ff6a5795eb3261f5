import type { FamilyAnswer, FamilyConfig } from '@vbuilder/shared';
import { DragDropEditor } from './drag-drop-editor.tsx';
import type { FamilyComponents } from '../../family-ui.ts';
import { DragDropPlayer } from './drag-drop-player.tsx';
import { DragDropExampleView } from './example-view.tsx';

/** The web side of the dragDrop family: its player, its editor and its example. */
export const dragDropComponents: FamilyComponents<FamilyConfig<'dragDrop'>, FamilyAnswer<'dragDrop'>> = {
  Player: DragDropPlayer,
  Editor: DragDropEditor,
  ExampleView: DragDropExampleView,
};
