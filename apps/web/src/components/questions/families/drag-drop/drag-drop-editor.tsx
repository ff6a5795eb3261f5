import { NativeSelect, Stack, TextInput } from '@mantine/core';
import type { DragDropConfig, DragDropItem, DragDropZone } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { newPartId, removeAt, replaceAt, useFieldErrors } from '../../editors/editor-utils.ts';
import { EditableList, EditableListRow } from '../../editors/editable-list.tsx';

export const DRAG_DROP_MIN_ZONES = 1;
export const DRAG_DROP_MAX_ZONES = 20;
export const DRAG_DROP_MIN_ITEMS = 1;
export const DRAG_DROP_MAX_ITEMS = 50;

/** The select's value for "belongs nowhere" (zone ids are never empty). */
const NOWHERE = '';

/**
 * Drag and drop (and interactive diagrams): the zones students drop into, and the items, each
 * assigned to the zone it belongs in or to none (a distractor students should leave out).
 */
export function DragDropEditor({ question, onChange, errors }: EditorProps<DragDropConfig>) {
  const { t } = useTranslation('questions');
  const errorFor = useFieldErrors(errors);
  const config = question.config;
  const zones = config.zones ?? [];
  const items = config.items ?? [];
  const update = (patch: Partial<DragDropConfig>) =>
    onChange({ ...question, config: { ...config, ...patch } });
  // Zones and items share one id space (the schema checks it).
  const allIds = () => [...zones.map((zone) => zone.id), ...items.map((item) => item.id)];

  const zoneName = (index: number) => t('editors.dragDrop.zoneName', { n: index + 1 });
  const zoneOptions = [
    ...zones.map((zone, index) => ({
      value: zone.id,
      label: zone.label.trim() === '' ? zoneName(index) : zone.label,
    })),
    { value: NOWHERE, label: t('editors.dragDrop.nowhere') },
  ];

  const addZone = () => {
    const zone = { id: newPartId(allIds()), label: '' };
    update({ zones: [...zones, zone] });
    return zone;
  };
  const removeZone = (index: number) => {
    const removed = zones[index]!.id;
    // Items of a removed zone stay, as belonging nowhere, until the teacher reassigns them.
    update({
      zones: removeAt(zones, index),
      items: items.map((item) => (item.zoneId === removed ? { ...item, zoneId: null } : item)),
    });
  };
  const addItem = () => {
    const item = { id: newPartId(allIds()), text: '', zoneId: zones[0]?.id ?? null };
    update({ items: [...items, item] });
    return item;
  };
  const setZone = (index: number, zone: DragDropZone) => update({ zones: replaceAt(zones, index, zone) });
  const setItem = (index: number, item: DragDropItem) => update({ items: replaceAt(items, index, item) });

  return (
    <Stack gap="lg">
      <EditableList
        legend={t('editors.dragDrop.zones')}
        description={t('editors.dragDrop.zonesHint')}
        error={errorFor('config.zones')}
        items={zones}
        rowKey={(zone) => zone.id}
        itemName={zoneName}
        addLabel={t('editors.dragDrop.addZone')}
        onAdd={addZone}
        onRemove={removeZone}
        min={DRAG_DROP_MIN_ZONES}
        max={DRAG_DROP_MAX_ZONES}
        layout="grid"
        renderRow={(zone, index, row) => (
          <EditableListRow controls={row.controls}>
            <TextInput
              ref={row.inputRef}
              aria-label={row.name}
              placeholder={row.name}
              value={zone.label}
              maxLength={1000}
              onChange={(event) => setZone(index, { ...zone, label: event.currentTarget.value })}
              error={errorFor(`config.zones.${index}.label`) ?? errorFor(`config.zones.${index}.id`)}
              style={{ flex: 1, minWidth: 0 }}
            />
          </EditableListRow>
        )}
      />

      <EditableList
        legend={t('editors.dragDrop.items')}
        description={t('editors.dragDrop.itemsHint')}
        error={errorFor('config.items')}
        items={items}
        rowKey={(item) => item.id}
        itemName={(index) => t('editors.dragDrop.itemName', { n: index + 1 })}
        addLabel={t('editors.dragDrop.addItem')}
        onAdd={addItem}
        onRemove={(index) => update({ items: removeAt(items, index) })}
        min={DRAG_DROP_MIN_ITEMS}
        max={DRAG_DROP_MAX_ITEMS}
        renderRow={(item, index, row) => (
          <EditableListRow card columns={2} controls={row.controls}>
            <TextInput
              ref={row.inputRef}
              aria-label={row.name}
              placeholder={t('editors.dragDrop.itemPlaceholder')}
              value={item.text}
              maxLength={1000}
              onChange={(event) => setItem(index, { ...item, text: event.currentTarget.value })}
              error={errorFor(`config.items.${index}.text`) ?? errorFor(`config.items.${index}.id`)}
            />
            <NativeSelect
              aria-label={t('editors.dragDrop.belongsInNamed', { name: row.name })}
              data={zoneOptions}
              value={item.zoneId ?? NOWHERE}
              onChange={(event) =>
                setItem(index, {
                  ...item,
                  zoneId: event.currentTarget.value === NOWHERE ? null : event.currentTarget.value,
                })
              }
              error={errorFor(`config.items.${index}.zoneId`)}
            />
          </EditableListRow>
        )}
      />
    </Stack>
  );
}
