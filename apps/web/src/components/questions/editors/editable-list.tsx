import { Fragment, type ReactNode } from 'react';
import { Box, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PartControls } from './part-controls.tsx';
import { EditorSection } from './section.tsx';
import { usePendingFocus } from './use-pending-focus.ts';

/** What `renderRow` gets for one row besides the entry itself. */
export interface EditableRow {
  /** The row's name as read out, e.g. "Option B" or "Item 3". */
  name: string;
  /** Ref for the row's first input: it takes focus after Add and when a neighbour is removed. */
  inputRef: (node: HTMLElement | null) => void;
  /** The row's move up / move down / remove buttons, each named after the row. */
  controls: ReactNode;
}

interface Props<T> {
  legend: string;
  description?: string;
  /** A translated message about the list as a whole. */
  error?: string;
  items: readonly T[];
  /** Stable key of a row: the part id, or the position for entries without ids. */
  rowKey: (item: T, index: number) => string;
  /** The row's name, e.g. (index) => "Item 3". */
  itemName: (index: number) => string;
  addLabel: string;
  /** Appends a new entry and returns it (its input gets focus once it is shown). */
  onAdd: () => T;
  onRemove: (index: number) => void;
  /** Omit for lists whose order does not matter (no move buttons). */
  onMove?: (from: number, to: number) => void;
  /** Fewest entries that may stay (remove is disabled at this count). */
  min?: number;
  /** Most entries allowed (add is disabled at this count). */
  max: number;
  /** How the rows are laid out: one under the other (`rows`, `stack` a little tighter), as a
   *  numbered list (`ordered`, for lists whose order is the answer) or two to a line (`grid`). */
  layout?: 'rows' | 'stack' | 'ordered' | 'grid';
  renderRow: (item: T, index: number, row: EditableRow) => ReactNode;
}

const inputKey = (rowKey: string) => `${rowKey}:input`;

/**
 * A titled list of question parts the teacher adds to, removes from and (when order matters)
 * rearranges: options, pairs, items, zones, entries, accepted answers. Keyboard focus follows the
 * teacher: onto the new row's input after Add, onto a neighbour after Remove, onto the moved row's
 * button after a move.
 */
export function EditableList<T>({
  legend,
  description,
  error,
  items,
  rowKey,
  itemName,
  addLabel,
  onAdd,
  onRemove,
  onMove,
  min = 0,
  max,
  layout = 'rows',
  renderRow,
}: Props<T>) {
  const { t } = useTranslation('questions');
  const focus = usePendingFocus();
  const add = () => {
    const added = onAdd();
    focus.focusFirst([inputKey(rowKey(added, items.length))]);
  };

  const rows = items.map((item, index) => {
    const key = rowKey(item, index);
    const row: EditableRow = {
      name: itemName(index),
      inputRef: focus.register(inputKey(key)),
      controls: (
        <PartControls
          rowKey={key}
          name={itemName(index)}
          index={index}
          count={items.length}
          focus={focus}
          onMove={onMove}
          onRemove={onRemove}
          canRemove={items.length > min}
          // After a removal the rows below move up one place (which matters when keyed by position).
          focusKeyOf={(i) =>
            i >= 0 && i < items.length ? inputKey(rowKey(items[i]!, i > index ? i - 1 : i)) : null
          }
        />
      ),
    };
    const content = renderRow(item, index, row);
    return layout === 'ordered' ? <li key={key}>{content}</li> : <Fragment key={key}>{content}</Fragment>;
  });

  return (
    <EditorSection legend={legend} description={description} error={error}>
      {layout === 'ordered' ? (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows}
        </Stack>
      ) : layout === 'stack' ? (
        <Stack gap="xs">{rows}</Stack>
      ) : layout === 'grid' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
          {rows}
        </SimpleGrid>
      ) : (
        rows
      )}
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('editors.listEmpty')}
        </Text>
      )}
      <Group>
        <Button
          ref={focus.register('add')}
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          disabled={items.length >= max}
        >
          {addLabel}
        </Button>
      </Group>
    </EditorSection>
  );
}

/**
 * One row of an editable list: its fields (`columns={2}` puts them two to a line on wider
 * screens), then its buttons. `leading` comes before the fields (a number); `card` frames the row
 * (rows of several fields read better boxed).
 */
export function EditableListRow({
  controls,
  card = false,
  columns = 1,
  leading,
  children,
}: {
  controls: ReactNode;
  card?: boolean;
  columns?: 1 | 2;
  leading?: ReactNode;
  children: ReactNode;
}) {
  const row = (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      {leading}
      {columns === 2 ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="xs"
          verticalSpacing={6}
          style={{ flex: 1, minWidth: 0 }}
        >
          {children}
        </SimpleGrid>
      ) : (
        children
      )}
      <Box pt={4}>{controls}</Box>
    </Group>
  );
  return card ? (
    <Paper withBorder radius="md" p="xs">
      {row}
    </Paper>
  ) : (
    row
  );
}
