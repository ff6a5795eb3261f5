import { useMemo, useRef } from 'react';
import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';

/**
 * Translated screen-reader texts for a @dnd-kit context. dnd-kit speaks English by default; these
 * replace every message with one from `questions:players.dnd`, naming the item and the place by
 * the words the student sees rather than by internal ids.
 *
 * `homeOf(item)` is the place an item starts from. dnd-kit reports "over" that place the moment an
 * item is lifted, which would replace "Picked up …" in the live region before it is read; that
 * first report is skipped (a later return to the same place is still announced).
 */
export function useDndAccessibility(
  itemName: (id: UniqueIdentifier) => string,
  placeName: (id: UniqueIdentifier) => string,
  homeOf: (id: UniqueIdentifier) => UniqueIdentifier | null,
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const { t } = useTranslation('questions');
  const justLifted = useRef(false);
  return useMemo(
    () => ({
      screenReaderInstructions: { draggable: t('players.dnd.instructions') },
      announcements: {
        onDragStart: ({ active }) => {
          justLifted.current = true;
          return t('players.dnd.pickedUp', { item: itemName(active.id) });
        },
        onDragOver: ({ active, over }) => {
          const first = justLifted.current;
          justLifted.current = false;
          if (first && over && over.id === homeOf(active.id)) return undefined;
          return over
            ? t('players.dnd.over', { item: itemName(active.id), place: placeName(over.id) })
            : t('players.dnd.notOver', { item: itemName(active.id) });
        },
        onDragEnd: ({ active, over }) => {
          justLifted.current = false;
          return over
            ? t('players.dnd.dropped', { item: itemName(active.id), place: placeName(over.id) })
            : t('players.dnd.droppedNowhere', { item: itemName(active.id) });
        },
        onDragCancel: ({ active }) => {
          justLifted.current = false;
          return t('players.dnd.cancelled', { item: itemName(active.id) });
        },
      },
    }),
    [t, itemName, placeName, homeOf],
  );
}
