import type { FamilyAnswer, FamilyConfig } from '@vbuilder/shared';
import { FillBlanksEditor } from './fill-blanks-editor.tsx';
import type { FamilyComponents } from '../../family-ui.ts';
import { FillBlanksPlayer } from './fill-blanks-player.tsx';
import { FillBlanksExampleView } from './example-view.tsx';

/** The web side of the fillBlanks family: its player, its editor and its example. */
export const fillBlanksComponents: FamilyComponents<
  FamilyConfig<'fillBlanks'>,
  FamilyAnswer<'fillBlanks'>
> = {
  Player: FillBlanksPlayer,
  Editor: FillBlanksEditor,
  ExampleView: FillBlanksExampleView,
};
