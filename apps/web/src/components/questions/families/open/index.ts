import { lazy } from 'react';
import type { FamilyAnswer, FamilyConfig } from '@vbuilder/shared';
import { OpenEditor } from './open-editor.tsx';
import type { FamilyComponents } from '../../family-ui.ts';
import { OpenPlayer } from './open-player.tsx';
import { OpenExampleView } from './example-view.tsx';

/**
 * The web side of the open family: its player, its editor, its example and its view of a submitted
 * answer (text, code, recording, files), fetched only by the screens that show one.
 */
export const openComponents: FamilyComponents<FamilyConfig<'open'>, FamilyAnswer<'open'>> = {
  Player: OpenPlayer,
  Editor: OpenEditor,
  ExampleView: OpenExampleView,
  AnswerView: lazy(() => import('./open-answer-view.tsx').then((m) => ({ default: m.OpenAnswerView }))),
};
