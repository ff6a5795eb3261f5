import { useEffect, useMemo, useRef, useState } from 'react';
import { MultiSelect, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useStudents } from '../../api/get-students.ts';

export interface StudentPickerProps {
  value: string[];
  onChange(value: string[]): void;
  error?: string;
  id?: string;
}

/**
 * Chooses the students an assessment is assigned to. Typing searches the organization's students
 * on the server (name or email); chosen students keep their names while other searches show.
 */
export function StudentPicker({ value, onChange, error, id }: StudentPickerProps) {
  const { t } = useTranslation('assessmentEditor');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const students = useStudents(debounced);
  const names = useRef(new Map<string, string>());

  useEffect(() => {
    for (const student of students.data?.items ?? []) {
      names.current.set(student.id, `${student.name} · ${student.email}`);
    }
  }, [students.data]);

  const data = useMemo<ComboboxItem[]>(() => {
    const found = (students.data?.items ?? []).map((student) => ({
      value: student.id,
      label: `${student.name} · ${student.email}`,
    }));
    const shown = new Set(found.map((item) => item.value));
    // Chosen students stay in the data, or MultiSelect would drop their pills.
    const chosen = value
      .filter((studentId) => !shown.has(studentId))
      .map((studentId) => ({
        value: studentId,
        label: names.current.get(studentId) ?? t('details.assignment.unknownStudent'),
      }));
    return [...chosen, ...found];
  }, [students.data, value, t]);

  return (
    <MultiSelect
      id={id}
      label={t('details.assignment.students')}
      description={t('details.assignment.studentsHint')}
      placeholder={value.length === 0 ? t('details.assignment.searchPlaceholder') : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered by the search.
      filter={({ options }) => options}
      nothingFoundMessage={
        students.isFetching
          ? t('details.assignment.searching')
          : students.isError
            ? t('details.assignment.loadFailed')
            : t('details.assignment.noStudents')
      }
      hidePickedOptions
      clearable
      clearButtonProps={{ 'aria-label': t('details.assignment.clear') }}
      error={error}
      required
      maxDropdownHeight={280}
    />
  );
}
