import { Badge, Box, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { OrderingConfig } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { moveItem, newPartId, removeAt, replaceAt, useFieldErrors } from '../../editors/editor-utils.ts';
import { PartControls } from '../../editors/part-controls.tsx';
import { EditorSection } from '../../editors/section.tsx';
import { usePendingFocus } from '../../editors/use-pending-focus.ts';

export const ORDERING_MIN_ITEMS = 2;
export const ORDERING_MAX_ITEMS = 30;

/**
 * Ordering (timelines, sequencing games): the items in their correct order, rearranged with the
 * move buttons. Students get them shuffled.
 */
export function OrderingEditor({ question, onChange, errors }: EditorProps<OrderingConfig>) {
  const { t } = useTranslation('questions');
  const errorFor = useFieldErrors(errors);
  const focus = usePendingFocus();
  const items = question.config.items ?? [];
  const setItems = (next: OrderingConfig['items']) =>
    onChange({ ...question, config: { ...question.config, items: next } });

  const add = () => {
    const id = newPartId(items.map((item) => item.id));
    setItems([...items, { id, text: '' }]);
    focus.focusFirst([`${id}:text`]);
  };

  return (
    <EditorSection
      legend={t('editors.ordering.items')}
      description={t('editors.ordering.itemsHint')}
      error={errorFor('config.items')}
    >
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item, index) => {
          const name = t('editors.ordering.itemName', { n: index + 1 });
          return (
            <Paper key={item.id} component="li" withBorder radius="md" p="xs">
              <Group gap="xs" align="flex-start" wrap="nowrap">
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
                <TextInput
                  ref={focus.register(`${item.id}:text`)}
                  aria-label={name}
                  placeholder={t('editors.ordering.itemPlaceholder')}
                  value={item.text}
                  maxLength={1000}
                  onChange={(event) =>
                    setItems(replaceAt(items, index, { ...item, text: event.currentTarget.value }))
                  }
                  error={errorFor(`config.items.${index}.text`)}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <Box pt={4}>
                  <PartControls
                    rowKey={item.id}
                    name={name}
                    index={index}
                    count={items.length}
                    focus={focus}
                    onMove={(from, to) => setItems(moveItem(items, from, to))}
                    onRemove={(i) => setItems(removeAt(items, i))}
                    canRemove={items.length > ORDERING_MIN_ITEMS}
                    focusKeyOf={(i) => (items[i] ? `${items[i].id}:text` : null)}
                  />
                </Box>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Group>
        <Button
          ref={focus.register('add')}
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          disabled={items.length >= ORDERING_MAX_ITEMS}
        >
          {t('editors.ordering.addItem')}
        </Button>
      </Group>
    </EditorSection>
  );
}
