import { useState } from 'react';
import {
  ActionIcon,
  Box,
  Checkbox,
  Group,
  Paper,
  Radio,
  Stack,
  Switch,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ChoiceConfig, ChoiceOption } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { moveItem, newPartId, removeAt, replaceAt, useFieldErrors } from '../../editors/editor-utils.ts';
import { ImageField } from '../../editors/image-field.tsx';
import { EditableList } from '../../editors/editable-list.tsx';
import { optionLetter } from '../../editors/section.tsx';

export const CHOICE_MIN_OPTIONS = 2;
export const CHOICE_MAX_OPTIONS = 10;

/**
 * Multiple choice and image-based questions: 2 to 10 options, each with optional image; the
 * correct one chosen with a radio (single) or several with checkboxes ("Several correct answers").
 */
export function ChoiceEditor({ question, onChange, errors }: EditorProps<ChoiceConfig>) {
  const { t } = useTranslation('questions');
  const errorFor = useFieldErrors(errors);
  const config = question.config;
  const options = config.options ?? [];
  const correct = config.correct ?? [];
  // Options whose image field is open: at first those that have an image.
  const [imageOpen, setImageOpen] = useState<Set<string>>(
    () => new Set(options.filter((option) => option.imageUrl).map((option) => option.id)),
  );

  const update = (patch: Partial<ChoiceConfig>) => onChange({ ...question, config: { ...config, ...patch } });
  const setOption = (index: number, option: ChoiceOption) =>
    update({ options: replaceAt(options, index, option) });

  const add = () => {
    const option = { id: newPartId(options.map((o) => o.id)), text: '', imageUrl: null };
    update({ options: [...options, option] });
    return option;
  };
  const remove = (index: number) => {
    const removed = options[index]!;
    update({ options: removeAt(options, index), correct: correct.filter((id) => id !== removed.id) });
  };
  const toggleCorrect = (id: string, checked: boolean) => {
    if (!config.multiple) update({ correct: [id] });
    else
      update({
        correct: checked ? [...correct.filter((c) => c !== id), id] : correct.filter((c) => c !== id),
      });
  };
  const setMultiple = (multiple: boolean) =>
    // Going back to one correct answer keeps the first one the teacher marked.
    update({ multiple, correct: multiple ? correct : correct.slice(0, 1) });

  const radioName = `${question.id}-correct`;
  const optionName = (index: number) => t('editors.choice.optionName', { letter: optionLetter(index) });

  return (
    <Stack gap="lg">
      <Group gap="xl" wrap="wrap">
        <Switch
          label={t('editors.choice.multiple')}
          description={t('editors.choice.multipleHint')}
          checked={config.multiple ?? false}
          onChange={(event) => setMultiple(event.currentTarget.checked)}
        />
        <Switch
          label={t('editors.choice.shuffle')}
          description={t('editors.choice.shuffleHint')}
          checked={config.shuffle ?? false}
          onChange={(event) => update({ shuffle: event.currentTarget.checked })}
        />
      </Group>

      <EditableList
        legend={t('editors.choice.options')}
        description={
          config.multiple ? t('editors.choice.markCorrectMultiple') : t('editors.choice.markCorrectSingle')
        }
        error={errorFor('config.options') ?? errorFor('config.correct')}
        items={options}
        rowKey={(option) => option.id}
        itemName={optionName}
        addLabel={t('editors.choice.addOption')}
        onAdd={add}
        onRemove={remove}
        onMove={(from, to) => update({ options: moveItem(options, from, to) })}
        min={CHOICE_MIN_OPTIONS}
        max={CHOICE_MAX_OPTIONS}
        layout="stack"
        renderRow={(option, index, { name, inputRef, controls }) => {
          const isCorrect = correct.includes(option.id);
          const showImage = imageOpen.has(option.id);
          return (
            <Paper
              withBorder
              p="xs"
              radius="md"
              style={{
                borderColor: isCorrect ? 'var(--mantine-color-teal-6)' : undefined,
                background: isCorrect ? 'var(--mantine-color-teal-0)' : undefined,
              }}
            >
              <Group gap="xs" align="flex-start" wrap="wrap" style={{ rowGap: 4 }}>
                <Box pt={8} style={{ flexShrink: 0 }}>
                  {config.multiple ? (
                    <Checkbox
                      aria-label={t('editors.choice.markCorrect', { name })}
                      checked={isCorrect}
                      color="teal"
                      onChange={(event) => toggleCorrect(option.id, event.currentTarget.checked)}
                    />
                  ) : (
                    <Radio
                      name={radioName}
                      value={option.id}
                      aria-label={t('editors.choice.markCorrect', { name })}
                      checked={isCorrect}
                      color="teal"
                      onChange={() => toggleCorrect(option.id, true)}
                    />
                  )}
                </Box>
                <TextInput
                  ref={inputRef}
                  aria-label={name}
                  leftSection={<strong aria-hidden>{optionLetter(index)}</strong>}
                  placeholder={t('editors.choice.optionPlaceholder')}
                  value={option.text}
                  maxLength={1000}
                  onChange={(event) => setOption(index, { ...option, text: event.currentTarget.value })}
                  error={errorFor(`config.options.${index}.text`) ?? errorFor(`config.options.${index}.id`)}
                  style={{ flex: '1 1 220px', minWidth: 0 }}
                />
                <Group gap={4} wrap="nowrap" ml="auto" mt={4}>
                  <Tooltip label={t('editors.choice.image')} openDelay={400}>
                    <ActionIcon
                      variant={option.imageUrl ? 'light' : 'subtle'}
                      color={option.imageUrl ? undefined : 'gray'}
                      aria-label={
                        option.imageUrl
                          ? t('editors.choice.imageAttachedNamed', { name })
                          : t('editors.choice.imageNamed', { name })
                      }
                      aria-expanded={showImage}
                      onClick={() =>
                        setImageOpen((open) => {
                          const next = new Set(open);
                          if (next.has(option.id)) next.delete(option.id);
                          else next.add(option.id);
                          return next;
                        })
                      }
                    >
                      <IconPhoto size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  {controls}
                </Group>
              </Group>
              {showImage && (
                <Box mt="xs" pl={{ base: 0, xs: 32 }}>
                  <ImageField
                    id={`${question.id}-option-${option.id}-image`}
                    label={t('editors.choice.imageLabel', { name })}
                    value={option.imageUrl}
                    onChange={(imageUrl) => setOption(index, { ...option, imageUrl })}
                    error={errorFor(`config.options.${index}.imageUrl`)}
                    compact
                  />
                </Box>
              )}
            </Paper>
          );
        }}
      />
    </Stack>
  );
}
