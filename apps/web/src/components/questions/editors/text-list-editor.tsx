import { TextInput } from '@mantine/core';
import { removeAt, replaceAt } from './editor-utils.ts';
import { EditableList, EditableListRow } from './editable-list.tsx';

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
  return (
    <EditableList
      legend={legend}
      description={description}
      error={listError}
      items={values}
      rowKey={(_, index) => `row:${index}`}
      itemName={(index) => itemName(index + 1)}
      addLabel={addLabel}
      onAdd={() => {
        onChange([...values, '']);
        return '';
      }}
      onRemove={(index) => onChange(removeAt(values, index))}
      min={min}
      max={max}
      renderRow={(value, index, row) => (
        <EditableListRow controls={row.controls}>
          <TextInput
            ref={row.inputRef}
            aria-label={row.name}
            placeholder={placeholder}
            value={value}
            maxLength={maxLength}
            onChange={(event) => onChange(replaceAt(values, index, event.currentTarget.value))}
            error={itemError?.(index)}
            style={{ flex: 1, minWidth: 0 }}
          />
        </EditableListRow>
      )}
    />
  );
}
