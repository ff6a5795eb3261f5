import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
}

/** The table's search box (the search itself runs on the server once typing pauses). */
export function SearchField({ value, onChange, onClear, ...props }: Props) {
  const { t } = useTranslation('common');
  return (
    <TextInput
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value ? <CloseButton size="sm" aria-label={t('dataTable.clearSearch')} onClick={onClear} /> : null
      }
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}
