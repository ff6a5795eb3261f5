import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { removeAt, replaceAt } from './editor-utils.ts';
import { PartControls } from './part-controls.tsx';
import { EditorSection } from './section.tsx';
import { usePendingFocus } from './use-pending-focus.ts';

interface Props {
  /** The group's legend, e.g. "Accepted answers". */
  legend: string;
  description?: string;
  /** What one entry is called, numbered: (n) => "Answer 2". */
  itemName: (position: number) => string;
  addLabel: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** Fewest entries that may stay (remove is disabled at this count). */
  min?: number;
  max: number;
  /** Translated error for the list as a whole and for entry i. */
  listError?: string;
  itemError?: (index: number) => string | undefined;
  placeholder?: string;
  maxLength?: number;
}

/**
 * A list of short texts the teacher can add to and remove from (accepted answers, distractors,
 * survey options). Entries have no ids, so rows are keyed by position.
 */
export function TextListEditor({
  legend,
  description,
  itemName,
  addLabel,
  values,
  onChange,
  min = 0,
  max,
  listError,
  itemError,
  placeholder,
  maxLength = 500,
}: Props) {
  const { t } = useTranslation('questions');
  const focus = usePendingFocus();
  const add = () => {
    onChange([...values, '']);
    focus.focusFirst([`input:${values.length}`]);
  };
  return (
    <EditorSection legend={legend} description={description} error={listError}>
      {values.map((value, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            ref={focus.register(`input:${index}`)}
            aria-label={itemName(index + 1)}
            placeholder={placeholder}
            value={value}
            maxLength={maxLength}
            onChange={(event) => onChange(replaceAt(values, index, event.currentTarget.value))}
            error={itemError?.(index)}
            style={{ flex: 1, minWidth: 0 }}
          />
          <PartControls
            rowKey={`row:${index}`}
            name={itemName(index + 1)}
            index={index}
            count={values.length}
            focus={focus}
            onRemove={(i) => onChange(removeAt(values, i))}
            canRemove={values.length > min}
            // After removal the next entry slides into this position.
            focusKeyOf={(i) =>
              i === index + 1 && i < values.length
                ? `input:${index}`
                : i >= 0 && i < index
                  ? `input:${i}`
                  : null
            }
          />
        </Group>
      ))}
      {values.length === 0 && (
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
          disabled={values.length >= max}
        >
          {addLabel}
        </Button>
      </Group>
    </EditorSection>
  );
}
