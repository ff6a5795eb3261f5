import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PendingFocus } from './use-pending-focus.ts';

interface Props {
  /** Key of this row in the pending-focus registry (the part id). */
  rowKey: string;
  /** The row's name as read out, e.g. "Option B" or "Item 3". */
  name: string;
  index: number;
  count: number;
  focus: PendingFocus;
  /** Omit to hide the move buttons (lists whose order does not matter). */
  onMove?: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  /** False when removing would leave fewer parts than the question needs. */
  canRemove: boolean;
  /** Key of the input to focus after removal for the row that takes this one's place. */
  focusKeyOf: (rowIndex: number) => string | null;
}

/** Move up, move down and remove buttons for one row of a list, each named after the row. */
export function PartControls({
  rowKey,
  name,
  index,
  count,
  focus,
  onMove,
  onRemove,
  canRemove,
  focusKeyOf,
}: Props) {
  const { t } = useTranslation('questions');
  const move = (direction: -1 | 1) => {
    onMove?.(index, index + direction);
    const first = direction === -1 ? 'up' : 'down';
    const other = direction === -1 ? 'down' : 'up';
    focus.focusFirst([`${rowKey}:${first}`, `${rowKey}:${other}`]);
  };
  const remove = () => {
    onRemove(index);
    const next = focusKeyOf(index + 1);
    const previous = focusKeyOf(index - 1);
    focus.focusFirst([next, previous, 'add'].filter((key): key is string => key !== null));
  };
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {onMove && (
        <>
          <Tooltip label={t('editors.moveUp')} openDelay={400}>
            <ActionIcon
              ref={focus.register(`${rowKey}:up`)}
              variant="subtle"
              color="gray"
              aria-label={t('editors.moveUpNamed', { name })}
              disabled={index === 0}
              onClick={() => move(-1)}
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('editors.moveDown')} openDelay={400}>
            <ActionIcon
              ref={focus.register(`${rowKey}:down`)}
              variant="subtle"
              color="gray"
              aria-label={t('editors.moveDownNamed', { name })}
              disabled={index === count - 1}
              onClick={() => move(1)}
            >
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </>
      )}
      <Tooltip label={t('editors.remove')} openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('editors.removeNamed', { name })}
          disabled={!canRemove}
          onClick={remove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
