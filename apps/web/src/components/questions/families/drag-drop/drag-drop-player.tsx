import { useCallback, useMemo, type ReactNode } from 'react';
import { NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import type { DragDropAnswer, StudentDragDropConfig } from '@vbuilder/shared';

/** An item as the player shows it (a student view has no zone for it). */
type DragDropItem = StudentDragDropConfig['items'][number];
import type { PlayerProps } from '../../family-ui.ts';
import { DragRow } from '../../players/common/drag-row.tsx';
import { partResult } from '../../players/common/result-mark.tsx';
import { useDndAccessibility } from '../../players/common/use-dnd-accessibility.ts';
import classes from './drag-drop-player.module.css';

// Draggable and droppable ids are prefixed: items and zones are different things to dnd-kit, and
// the pool must never clash with a zone the teacher named.
const POOL = 'pool';
const zoneKey = (zoneId: string) => `zone:${zoneId}`;
const itemKey = (itemId: string) => `item:${itemId}`;
const fromKey = (key: UniqueIdentifier) => String(key).replace(/^(zone|item):/, '');
const NOT_PLACED = '';

/**
 * Keyboard dragging jumps from place to place (the pool, then each zone in reading order) instead
 * of nudging the item a few pixels per key press, which would take dozens of presses to cross a
 * page: Right/Down go to the next place, Left/Up to the previous one.
 */
export function placeJumper(places: readonly string[]): KeyboardCoordinateGetter {
  return (event, { context: { active, over, collisionRect, droppableRects, droppableContainers } }) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.code];
    if (!step || !active || !collisionRect) return undefined;
    event.preventDefault();
    const enabled = new Set(droppableContainers.getEnabled().map((c) => String(c.id)));
    const targets = places.filter((id) => enabled.has(id) && droppableRects.get(id));
    const current = over ? targets.indexOf(String(over.id)) : -1;
    const next = targets[Math.min(targets.length - 1, Math.max(0, current === -1 ? 0 : current + step))];
    const rect = next ? droppableRects.get(next) : undefined;
    if (!rect) return undefined;
    return {
      x: rect.left + rect.width / 2 - collisionRect.width / 2,
      y: rect.top + rect.height / 2 - collisionRect.height / 2,
    };
  };
}

// A pointer drops where it points. The keyboard moves the item inside a place, so the place it
// overlaps is the one it is over (nearest centre only as a fallback).
const collisionDetection: CollisionDetection = (args) => {
  const overlapping = args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);
  if (overlapping.length > 0) return overlapping;
  return args.pointerCoordinates ? rectIntersection(args) : closestCenter(args);
};

/**
 * Drag & Drop and interactive diagrams: items go into labelled zones. Each item can be dragged by
 * its grip (mouse, touch, or keyboard: Space, arrows between places, Space), and also has a plain
 * select of the zones — the same answer without dragging at all.
 */
export function DragDropPlayer({
  question,
  value,
  onChange,
  disabled = false,
  result,
  idPrefix,
}: PlayerProps<StudentDragDropConfig, DragDropAnswer>) {
  const { t } = useTranslation('questions');
  const { zones, items } = question.config;
  const answers = value ?? {};
  const zoneIds = useMemo(() => new Set(zones.map((z) => z.id)), [zones]);
  const placeOf = (itemId: string): string | null => {
    const zone = Object.prototype.hasOwnProperty.call(answers, itemId) ? answers[itemId] : null;
    return zone && zoneIds.has(zone) ? zone : null;
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: placeJumper([POOL, ...zones.map((z) => zoneKey(z.id))]),
    }),
  );

  const itemName = useCallback(
    (key: UniqueIdentifier) => items.find((item) => item.id === fromKey(key))?.text ?? '',
    [items],
  );
  const placeName = useCallback(
    (key: UniqueIdentifier) =>
      key === POOL ? t('players.dragDrop.pool') : (zones.find((z) => z.id === fromKey(key))?.label ?? ''),
    [zones, t],
  );
  const homeOf = useCallback(
    (key: UniqueIdentifier) => {
      const zone = value?.[fromKey(key)];
      return zone && zoneIds.has(zone) ? zoneKey(zone) : POOL;
    },
    [value, zoneIds],
  );
  const accessibility = useDndAccessibility(itemName, placeName, homeOf);

  const place = (itemId: string, zoneId: string | null) => onChange({ ...answers, [itemId]: zoneId });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    place(fromKey(active.id), over.id === POOL ? null : fromKey(over.id));
  };

  const zoneOptions = [
    { value: NOT_PLACED, label: t('players.dragDrop.notPlaced') },
    ...zones.map((zone) => ({ value: zone.id, label: zone.label })),
  ];
  const renderItem = (item: DragDropItem) => (
    <DraggableItem
      key={item.id}
      item={item}
      disabled={disabled}
      mark={partResult(result, item.id)}
      select={
        <NativeSelect
          id={`${idPrefix}-place-${item.id}`}
          size="xs"
          data={zoneOptions}
          value={placeOf(item.id) ?? NOT_PLACED}
          disabled={disabled}
          aria-label={t('players.dragDrop.zoneFor', { item: item.text })}
          onChange={(event) => place(item.id, event.currentTarget.value || null)}
          className={classes.select}
        />
      }
    />
  );
  const pooled = items.filter((item) => placeOf(item.id) === null);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('players.dragDrop.hint')}
      </Text>
      <DndContext
        id={`${idPrefix}-drag-drop`}
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragEnd={onDragEnd}
        accessibility={accessibility}
      >
        <Place
          id={POOL}
          labelId={`${idPrefix}-pool`}
          label={t('players.dragDrop.pool')}
          variant="pool"
          disabled={disabled}
        >
          {pooled.length > 0 ? (
            <ul className={classes.items}>{pooled.map(renderItem)}</ul>
          ) : (
            <Text size="sm" c="dimmed" className={classes.empty}>
              {t('players.dragDrop.poolEmpty')}
            </Text>
          )}
        </Place>
        <SimpleGrid
          cols={{ base: 1, sm: Math.min(zones.length, 2), md: Math.min(zones.length, 3) }}
          spacing="sm"
        >
          {zones.map((zone) => {
            const placed = items.filter((item) => placeOf(item.id) === zone.id);
            return (
              <Place
                key={zone.id}
                id={zoneKey(zone.id)}
                labelId={`${idPrefix}-zone-${zone.id}`}
                label={zone.label}
                variant="zone"
                disabled={disabled}
              >
                {placed.length > 0 ? (
                  <ul className={classes.items}>{placed.map(renderItem)}</ul>
                ) : (
                  <Text size="sm" c="dimmed" className={classes.empty}>
                    {t('players.dragDrop.zoneEmpty')}
                  </Text>
                )}
              </Place>
            );
          })}
        </SimpleGrid>
      </DndContext>
    </Stack>
  );
}

function Place({
  id,
  labelId,
  label,
  variant,
  disabled,
  children,
}: {
  id: string;
  labelId: string;
  label: string;
  variant: 'pool' | 'zone';
  disabled: boolean;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id, disabled });
  return (
    <section
      ref={setNodeRef}
      className={classes.place}
      data-variant={variant}
      data-over={isOver || undefined}
      aria-labelledby={labelId}
    >
      <Text id={labelId} fw={600} size="sm" className={classes.placeLabel}>
        {label}
      </Text>
      {children}
    </section>
  );
}

function DraggableItem({
  item,
  disabled,
  mark,
  select,
}: {
  item: DragDropItem;
  disabled: boolean;
  mark: boolean | undefined;
  select: ReactNode;
}) {
  const { t } = useTranslation('questions');
  const drag = useDraggable({
    id: itemKey(item.id),
    disabled,
    attributes: { roleDescription: t('players.dnd.draggable') },
  });
  return (
    <DragRow
      drag={drag}
      size="sm"
      text={item.text}
      handleLabel={t('players.dragDrop.drag', { item: item.text })}
      disabled={disabled}
      mark={mark}
      after={select}
    />
  );
}
