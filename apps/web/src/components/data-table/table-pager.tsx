import { useId } from 'react';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './use-server-table.ts';

interface Props {
  /** The list's row count; nothing is shown until it is known, nor while it is 0. */
  total: number | undefined;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** Under a table that has rows: which rows are shown, the rows per page and the pages. */
export function TablePager({ total, page, pageSize, onPage, onPageSize }: Props) {
  const { t } = useTranslation('common');
  const id = useId();
  if (!total) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="gray.7" aria-live="polite">
        {t('dataTable.showing', { from, to, total })}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Group gap={8} wrap="nowrap">
          <Text size="sm" c="gray.7" component="label" htmlFor={id}>
            {t('dataTable.pageSize')}
          </Text>
          <Select
            id={id}
            size="xs"
            w={76}
            allowDeselect={false}
            value={String(pageSize)}
            data={PAGE_SIZES.map(String)}
            onChange={(value) => value && onPageSize(Number(value))}
          />
        </Group>
        {pages > 1 && (
          <nav aria-label={t('dataTable.pagination')}>
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(page, pages)}
              onChange={onPage}
              getItemProps={(number) => ({ 'aria-label': t('dataTable.page', { number }) })}
              getControlProps={(control) => ({ 'aria-label': t(`dataTable.controls.${control}`) })}
            />
          </nav>
        )}
      </Group>
    </Group>
  );
}
