import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../components/data-table/use-server-table.ts';
import { organizationsQuery } from '../../../lib/organization-list.ts';
import { useOrganizationName } from '../api/get-organization-name.ts';

type Props = Omit<SelectProps, 'data' | 'searchable' | 'searchValue' | 'onSearchChange'>;

/**
 * The Super Administrator's pick of an organization, searched on the server as they type (the
 * first 20 by name; the organizations screen's query and cache).
 */
export function OrganizationPicker(props: Props) {
  const { t } = useTranslation('billing');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const options = useQuery({
    ...organizationsQuery({ search: debounced, page: 1, pageSize: 20, sort: 'name', order: 'asc' }),
    select: (list) =>
      list.items.map((organization) => ({ value: organization.id, label: organization.name })),
  });
  // An organization named in the address may not be on the first page: its own name is fetched.
  const value = typeof props.value === 'string' ? props.value : null;
  const listed = options.data?.some((option) => option.value === value) ?? false;
  const name = useOrganizationName(value && options.data && !listed ? value : null);
  const data = [
    ...(value && !listed && name.data ? [{ value, label: name.data }] : []),
    ...(options.data ?? []),
  ];
  return (
    <Select
      {...props}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      // The server already filtered by what was typed; the picked name must not hide the others.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? t('organization.loading') : t('organization.none')}
      error={props.error ?? (options.isError ? t('organization.failed') : undefined)}
    />
  );
}
