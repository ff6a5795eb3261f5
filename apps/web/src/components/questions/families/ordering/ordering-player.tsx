import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import type { OrderingAnswer, StudentOrderingConfig } from '@vbuilder/shared';

type OrderingItem = StudentOrderingConfig['items'][number];
import type { PlayerProps } from '../../family-ui.ts';
import { DragRow } from '../../players/common/drag-row.tsx';
import { partResult } from '../../players/common/result-mark.tsx';
import { seededScramble } from '../../players/common/shuffle.ts';
import { useDndAccessibility } from '../../players/common/use-dnd-accessibility.ts';
import classes from './ordering-player.module.css';

/**
 * The order on screen: the student's answer when there is one (dropping ids that are no longer
 * items and appending new items, so a stale answer still shows every item once), otherwise a
 * scramble seeded by the question id that never starts out solved — or, for a student view
 * whose items the server already scrambled (`keepOrder`), the items as given: scrambling them
 * again could put them back in the right order.
 */
export function displayedOrder(
  items: readonly OrderingItem[],
  value: OrderingAnswer | null,
  seed: string,
  keepOrder = false,
): string[] {
  const ids = items.map((item) => item.id);
  if (!value) return keepOrder ? ids : seededScramble(ids, seed);
  const known = new Set(ids);
  const seen = new Set<string>();
  const order = value.filter((id) => known.has(id) && !seen.has(id) && seen.add(id));
  return [...order, ...ids.filter((id) => !seen.has(id))];
}

type FocusTarget = { id: string; button: 'up' | 'down' };

/**
 * Ordering and timeline questions: a sortable list. Items move by dragging the grip (mouse or
 * touch), by the keyboard on the grip (Space to lift, arrows to move, Space to drop — dnd-kit's
 * keyboard sensor, with translated announcements), or with Move up / Move down buttons for anyone
 * who cannot drag. Every move reports the whole new order.
 */
export function OrderingPlayer({
  question,
  value,
  onChange,
  disabled = false,
  result,
  idPrefix,
}: PlayerProps<StudentOrderingConfig, OrderingAnswer>) {
  const { t } = useTranslation('questions');
  const { items, scrambled = false } = question.config;
  const order = useMemo(
    () => displayedOrder(items, value, question.id, scrambled),
    [items, value, question.id, scrambled],
  );
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<FocusTarget | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const itemName = useCallback((id: UniqueIdentifier) => byId.get(String(id))?.text ?? '', [byId]);
  const placeName = useCallback(
    (id: UniqueIdentifier) =>
      t('players.ordering.position', { position: order.indexOf(String(id)) + 1, total: order.length }),
    [order, t],
  );
  const homeOf = useCallback((id: UniqueIdentifier) => id, []);
  const accessibility = useDndAccessibility(itemName, placeName, homeOf);

  // After a Move button, keep focus on the moved item: on the same button, or on the other one when
  // the item reached an end and the pressed button is now disabled.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const index = order.indexOf(target.id);
    const atEnd = target.button === 'up' ? index === 0 : index === order.length - 1;
    const button = atEnd ? (target.button === 'up' ? 'down' : 'up') : target.button;
    buttons.current.get(`${target.id}:${button}`)?.focus();
  }, [order]);

  const move = (id: string, to: number) => {
    const from = order.indexOf(id);
    if (from < 0 || to < 0 || to >= order.length || from === to) return;
    onChange(arrayMove(order, from, to));
    setAnnouncement(
      t('players.ordering.moved', { item: itemName(id), position: to + 1, total: order.length }),
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.indexOf(String(active.id));
    const to = order.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onChange(arrayMove(order, from, to));
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" id={`${idPrefix}-ordering-hint`}>
        {t('players.ordering.hint')}
      </Text>
      <DndContext
        id={`${idPrefix}-ordering`}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={accessibility}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy} disabled={disabled}>
          <ol className={classes.list} aria-labelledby={`${idPrefix}-ordering-hint`}>
            {order.map((id, index) => (
              <SortableRow
                key={id}
                item={byId.get(id)!}
                index={index}
                count={order.length}
                disabled={disabled}
                mark={partResult(result, id)}
                buttonRef={(button, which) => {
                  if (button) buttons.current.set(`${id}:${which}`, button);
                  else buttons.current.delete(`${id}:${which}`);
                }}
                onMove={(which) => {
                  pendingFocus.current = { id, button: which };
                  move(id, which === 'up' ? index - 1 : index + 1);
                }}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}

function SortableRow({
  item,
  index,
  count,
  disabled,
  mark,
  buttonRef,
  onMove,
}: {
  item: OrderingItem;
  index: number;
  count: number;
  disabled: boolean;
  mark: boolean | undefined;
  buttonRef(button: HTMLButtonElement | null, which: 'up' | 'down'): void;
  onMove(which: 'up' | 'down'): void;
}) {
  const { t } = useTranslation('questions');
  const drag = useSortable({
    id: item.id,
    disabled,
    attributes: { roleDescription: t('players.dnd.sortable') },
  });

  return (
    <DragRow
      drag={drag}
      text={item.text}
      handleLabel={t('players.ordering.drag', { item: item.text })}
      disabled={disabled}
      mark={mark}
      before={
        <span className={classes.position} aria-hidden>
          {index + 1}
        </span>
      }
      after={
        <Group gap={4} wrap="nowrap" className={classes.buttons}>
          <ActionIcon
            ref={(button: HTMLButtonElement | null) => buttonRef(button, 'up')}
            variant="default"
            size="lg"
            disabled={disabled || index === 0}
            aria-label={t('players.ordering.moveUp', { item: item.text })}
            onClick={() => onMove('up')}
          >
            <IconArrowUp size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            ref={(button: HTMLButtonElement | null) => buttonRef(button, 'down')}
            variant="default"
            size="lg"
            disabled={disabled || index === count - 1}
            aria-label={t('players.ordering.moveDown', { item: item.text })}
            onClick={() => onMove('down')}
          >
            <IconArrowDown size={18} aria-hidden />
          </ActionIcon>
        </Group>
      }
    />
  );
}
