import { use, useEffect, useState, type ComponentType } from 'react';
import {
  getQuestionType,
  type FamilyAnswer,
  type FamilyConfig,
  type FamilyId,
  type QuestionTypeId,
} from '@vbuilder/shared';
import type { PlayerProps } from './family-ui.ts';

type AnyPlayer = ComponentType<PlayerProps<unknown, unknown> & { onFile?(file: File): void }>;

/**
 * Each family's player as its own chunk, for the attempt screen: a student's browser fetches the
 * players of the questions in front of them, not every family's player, editor and example
 * (family-components.tsx, for authoring and review). Typed per family, so a family missing here
 * is a compile error.
 */
const PLAYER_LOADERS: {
  [K in FamilyId]: () => Promise<ComponentType<PlayerProps<FamilyConfig<K>, FamilyAnswer<K>>>>;
} = {
  choice: () => import('./families/choice/choice-player.tsx').then((m) => m.ChoicePlayer),
  trueFalse: () => import('./families/true-false/true-false-player.tsx').then((m) => m.TrueFalsePlayer),
  shortAnswer: () =>
    import('./families/short-answer/short-answer-player.tsx').then((m) => m.ShortAnswerPlayer),
  fillBlanks: () => import('./families/fill-blanks/fill-blanks-player.tsx').then((m) => m.FillBlanksPlayer),
  matching: () => import('./families/matching/matching-player.tsx').then((m) => m.MatchingPlayer),
  ordering: () => import('./families/ordering/ordering-player.tsx').then((m) => m.OrderingPlayer),
  dragDrop: () => import('./families/drag-drop/drag-drop-player.tsx').then((m) => m.DragDropPlayer),
  crossword: () => import('./families/crossword/crossword-player.tsx').then((m) => m.CrosswordPlayer),
  open: () => import('./families/open/open-player.tsx').then((m) => m.OpenPlayer),
};

const loaded = new Map<FamilyId, AnyPlayer>();
const loading = new Map<FamilyId, Promise<AnyPlayer>>();

/** The player of a family, fetched once; a failed fetch (offline) is tried again next time. */
function loadPlayer(family: FamilyId): Promise<AnyPlayer> {
  let promise = loading.get(family);
  if (!promise) {
    promise = (PLAYER_LOADERS[family] as () => Promise<AnyPlayer>)().then(
      (player) => {
        loaded.set(family, player);
        return player;
      },
      (error: unknown) => {
        loading.delete(family);
        throw error;
      },
    );
    loading.set(family, promise);
  }
  return promise;
}

/** What every player takes, and the file an open answer records or chooses (open players only). */
export type LazyPlayerProps = PlayerProps<unknown, unknown> & { onFile?(file: File): void };

/** Fetches the players of these question types (once each). */
export function loadPlayers(typeIds: readonly QuestionTypeId[]): Promise<void> {
  const families = new Set(typeIds.map((typeId) => getQuestionType(typeId).family));
  return Promise.all([...families].map(loadPlayer)).then(() => undefined);
}

/**
 * Whether the players of these question types are here, fetching them if not: true once they
 * are, or once fetching failed (each player then says so, and offers to try again).
 */
export function usePlayersLoaded(typeIds: readonly QuestionTypeId[]): boolean {
  const families = [...new Set(typeIds.map((typeId) => getQuestionType(typeId).family))].sort();
  const key = families.join(',');
  const allLoaded = families.every((family) => loaded.has(family));
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (allLoaded) return;
    let current = true;
    const settle = () => {
      if (current) setSettled(key);
    };
    Promise.all(key.split(',').map((family) => loadPlayer(family as FamilyId))).then(settle, settle);
    return () => {
      current = false;
    };
  }, [key, allLoaded]);
  return allLoaded || settled === key;
}

/**
 * The player of the question's type. It suspends while its chunk is fetched (wrap it in Suspense),
 * and renders at once when preloadPlayers already brought it.
 */
export function LazyPlayer(props: LazyPlayerProps) {
  const family = getQuestionType(props.question.type).family;
  const Player = loaded.get(family) ?? use(loadPlayer(family));
  return <Player {...props} />;
}
