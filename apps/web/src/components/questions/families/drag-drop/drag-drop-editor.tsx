import { Box, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DragDropConfig, DragDropItem, DragDropZone } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { newPartId, removeAt, replaceAt, useFieldErrors } from '../../editors/editor-utils.ts';
import { PartControls } from '../../editors/part-controls.tsx';
import { EditorSection } from '../../editors/section.tsx';
import { usePendingFocus } from '../../editors/use-pending-focus.ts';

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
  const zoneFocus = usePendingFocus();
  const itemFocus = usePendingFocus();
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
    const id = newPartId(allIds());
    update({ zones: [...zones, { id, label: '' }] });
    zoneFocus.focusFirst([`${id}:label`]);
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
    const id = newPartId(allIds());
    update({ items: [...items, { id, text: '', zoneId: zones[0]?.id ?? null }] });
    itemFocus.focusFirst([`${id}:text`]);
  };
  const setZone = (index: number, zone: DragDropZone) => update({ zones: replaceAt(zones, index, zone) });
  const setItem = (index: number, item: DragDropItem) => update({ items: replaceAt(items, index, item) });

  return (
    <Stack gap="lg">
      <EditorSection
        legend={t('editors.dragDrop.zones')}
        description={t('editors.dragDrop.zonesHint')}
        error={errorFor('config.zones')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
          {zones.map((zone, index) => (
            <Group key={zone.id} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                ref={zoneFocus.register(`${zone.id}:label`)}
                aria-label={zoneName(index)}
                placeholder={zoneName(index)}
                value={zone.label}
                maxLength={1000}
                onChange={(event) => setZone(index, { ...zone, label: event.currentTarget.value })}
                error={errorFor(`config.zones.${index}.label`) ?? errorFor(`config.zones.${index}.id`)}
                style={{ flex: 1, minWidth: 0 }}
              />
              <Box pt={4}>
                <PartControls
                  rowKey={zone.id}
                  name={zoneName(index)}
                  index={index}
                  count={zones.length}
                  focus={zoneFocus}
                  onRemove={removeZone}
                  canRemove={zones.length > DRAG_DROP_MIN_ZONES}
                  focusKeyOf={(i) => (zones[i] ? `${zones[i].id}:label` : null)}
                />
              </Box>
            </Group>
          ))}
        </SimpleGrid>
        <Group>
          <Button
            ref={zoneFocus.register('add')}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={addZone}
            disabled={zones.length >= DRAG_DROP_MAX_ZONES}
          >
            {t('editors.dragDrop.addZone')}
          </Button>
        </Group>
      </EditorSection>

      <EditorSection
        legend={t('editors.dragDrop.items')}
        description={t('editors.dragDrop.itemsHint')}
        error={errorFor('config.items')}
      >
        {items.map((item, index) => {
          const name = t('editors.dragDrop.itemName', { n: index + 1 });
          return (
            <Paper key={item.id} withBorder radius="md" p="xs">
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <SimpleGrid
                  cols={{ base: 1, sm: 2 }}
                  spacing="xs"
                  verticalSpacing={6}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <TextInput
                    ref={itemFocus.register(`${item.id}:text`)}
                    aria-label={name}
                    placeholder={t('editors.dragDrop.itemPlaceholder')}
                    value={item.text}
                    maxLength={1000}
                    onChange={(event) => setItem(index, { ...item, text: event.currentTarget.value })}
                    error={errorFor(`config.items.${index}.text`) ?? errorFor(`config.items.${index}.id`)}
                  />
                  <NativeSelect
                    aria-label={t('editors.dragDrop.belongsInNamed', { name })}
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
                </SimpleGrid>
                <Box pt={4}>
                  <PartControls
                    rowKey={item.id}
                    name={name}
                    index={index}
                    count={items.length}
                    focus={itemFocus}
                    onRemove={(i) => update({ items: removeAt(items, i) })}
                    canRemove={items.length > DRAG_DROP_MIN_ITEMS}
                    focusKeyOf={(i) => (items[i] ? `${items[i].id}:text` : null)}
                  />
                </Box>
              </Group>
            </Paper>
          );
        })}
        <Group>
          <Button
            ref={itemFocus.register('add')}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={addItem}
            disabled={items.length >= DRAG_DROP_MAX_ITEMS}
          >
            {t('editors.dragDrop.addItem')}
          </Button>
        </Group>
      </EditorSection>
    </Stack>
  );
}
