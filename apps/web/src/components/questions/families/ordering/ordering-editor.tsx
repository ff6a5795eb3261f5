import { Badge, TextInput } from '@mantine/core';
import type { OrderingConfig } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { moveItem, newPartId, removeAt, replaceAt, useFieldErrors } from '../../editors/editor-utils.ts';
import { EditableList, EditableListRow } from '../../editors/editable-list.tsx';

export const ORDERING_MIN_ITEMS = 2;
export const ORDERING_MAX_ITEMS = 30;

/**
 * Ordering (timelines, sequencing games): the items in their correct order, rearranged with the
 * move buttons. Students get them shuffled.
 */
export function OrderingEditor({ question, onChange, errors }: EditorProps<OrderingConfig>) {
  const { t } = useTranslation('questions');
  const errorFor = useFieldErrors(errors);
  const items = question.config.items ?? [];
  const setItems = (next: OrderingConfig['items']) =>
    onChange({ ...question, config: { ...question.config, items: next } });

  const add = () => {
    const item = { id: newPartId(items.map((i) => i.id)), text: '' };
    setItems([...items, item]);
    return item;
  };

  return (
    <EditableList
      legend={t('editors.ordering.items')}
      description={t('editors.ordering.itemsHint')}
      error={errorFor('config.items')}
      items={items}
      rowKey={(item) => item.id}
      itemName={(index) => t('editors.ordering.itemName', { n: index + 1 })}
      addLabel={t('editors.ordering.addItem')}
      onAdd={add}
      onRemove={(index) => setItems(removeAt(items, index))}
      onMove={(from, to) => setItems(moveItem(items, from, to))}
      min={ORDERING_MIN_ITEMS}
      max={ORDERING_MAX_ITEMS}
      layout="ordered"
      renderRow={(item, index, row) => (
        <EditableListRow
          card
          controls={row.controls}
          leading={
            <Badge
              variant="light"
              size="lg"
              radius="sm"
              mt={6}
              w={34}
              px={0}
              style={{ flexShrink: 0 }}
              aria-hidden
            >
              {index + 1}
            </Badge>
          }
        >
          <TextInput
            ref={row.inputRef}
            aria-label={row.name}
            placeholder={t('editors.ordering.itemPlaceholder')}
            value={item.text}
            maxLength={1000}
            onChange={(event) =>
              setItems(replaceAt(items, index, { ...item, text: event.currentTarget.value }))
            }
            error={errorFor(`config.items.${index}.text`)}
            style={{ flex: 1, minWidth: 0 }}
          />
        </EditableListRow>
      )}
    />
  );
}
