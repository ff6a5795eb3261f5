import { Select, type SelectProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LANGUAGES, type LanguageCode } from '../../lib/languages.ts';

const OPTIONS = LANGUAGES.map((l) => ({ value: l.code, label: l.name }));

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: LanguageCode;
  onChange: (language: LanguageCode) => void;
}

/** One of the 12 languages, each named in its own script (the top bar's picker as a form field). */
export function LanguageSelect({ value, onChange, ...props }: Props) {
  return (
    <Select
      data={OPTIONS}
      value={value}
      onChange={(next) => {
        if (next) onChange(next as LanguageCode);
      }}
      allowDeselect={false}
      leftSection={<IconLanguage size={16} aria-hidden />}
      renderOption={({ option }) => <span lang={option.value}>{option.label}</span>}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
