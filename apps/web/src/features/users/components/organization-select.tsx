import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useOrganizationOptions } from '../api/get-organization-options.ts';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-user-table.ts';

type Props = Omit<SelectProps, 'data' | 'searchable' | 'searchValue' | 'onSearchChange'>;

/** The Super Administrator's pick of an organization, searched on the server as they type. */
export function OrganizationSelect(props: Props) {
  const { t } = useTranslation('users');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const options = useOrganizationOptions(debounced, true);
  return (
    <Select
      {...props}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={options.data ?? []}
      // The server already filtered by what was typed; the picked organization's own name must not hide the rest.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? t('form.organizationsLoading') : t('form.noOrganizations')}
      error={props.error ?? (options.isError ? t('form.organizationsFailed') : undefined)}
    />
  );
}
