import type { ReactNode } from 'react';
import { ActionIcon, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { CSS, type Transform } from '@dnd-kit/utilities';
import { ResultMark } from './result-mark.tsx';
import classes from './drag-row.module.css';
import playerClasses from './players.module.css';

/** What `useDraggable` and `useSortable` both return, all a row needs. */
export interface DragState {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setNodeRef: (node: HTMLElement | null) => void;
  setActivatorNodeRef: (node: HTMLElement | null) => void;
  transform: Transform | null;
  transition?: string;
  isDragging: boolean;
}

/**
 * One item a student moves (an ordering row, a drag-and-drop item): a list item with a grip to
 * drag it by (mouse, touch, or the keyboard on the grip), its text and its right/wrong mark.
 * `before` comes between the grip and the text, `after` at the end of the row.
 */
export function DragRow({
  drag,
  text,
  handleLabel,
  disabled,
  mark,
  size = 'md',
  before,
  after,
}: {
  drag: DragState;
  text: string;
  /** The grip's name, e.g. Drag “Lion”. */
  handleLabel: string;
  disabled: boolean;
  mark: boolean | undefined;
  /** `sm` for items several to a place (drop zones). */
  size?: 'sm' | 'md';
  before?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <li
      ref={drag.setNodeRef}
      style={{ transform: CSS.Translate.toString(drag.transform), transition: drag.transition }}
      className={`${classes.row} ${playerClasses.marked}`}
      data-size={size}
      data-dragging={drag.isDragging || undefined}
      data-result={mark === undefined ? undefined : mark ? 'correct' : 'incorrect'}
    >
      <ActionIcon
        ref={drag.setActivatorNodeRef}
        variant="subtle"
        color="gray"
        size={size === 'sm' ? 'md' : 'lg'}
        className={classes.handle}
        disabled={disabled}
        {...drag.attributes}
        {...drag.listeners}
        aria-label={handleLabel}
      >
        <IconGripVertical size={size === 'sm' ? 16 : 18} aria-hidden />
      </ActionIcon>
      {before}
      <Text component="span" size={size === 'sm' ? 'sm' : undefined} className={classes.text}>
        {text}
      </Text>
      {mark === undefined ? null : <ResultMark correct={mark} />}
      {after}
    </li>
  );
}
