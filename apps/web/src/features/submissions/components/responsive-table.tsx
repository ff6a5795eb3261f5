import type { ReactNode } from 'react';
import { DataList, Group, Paper, Skeleton, Stack, Table, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

export interface ResultColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The row header on wide screens and the card's title on phones. */
  primary?: boolean;
}

interface Props<T> {
  caption: string;
  columns: ResultColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading: boolean;
  refreshing?: boolean;
  actions: (row: T) => ReactNode;
  minWidth?: number;
}

/**
 * A results table from tablet width up (caption, column and row headers, scrolling sideways in a
 * focusable region when narrow), and one card per row on phones, where seven columns would not fit.
 */
export function ResponsiveTable<T>(props: Props<T>) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return isPhone ? <Cards {...props} /> : <Wide {...props} />;
}

function Wide<T>({ caption, columns, rows, rowKey, loading, refreshing, actions, minWidth = 760 }: Props<T>) {
  const { t } = useTranslation('submissions');
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={caption}>
      <Table
        verticalSpacing="sm"
        highlightOnHover
        tabularNums
        aria-busy={loading || refreshing}
        style={{ opacity: refreshing ? 0.6 : 1, whiteSpace: 'nowrap' }}
      >
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col">
                {column.header}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading || !rows
            ? Array.from({ length: 4 }, (_, index) => (
                <Table.Tr key={index}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      <Skeleton h={14} w="70%" />
                    </Table.Td>
                  ))}
                  <Table.Td />
                </Table.Tr>
              ))
            : rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) =>
                    column.primary ? (
                      <Table.Th key={column.key} scope="row" fw="normal">
                        {column.cell(row)}
                      </Table.Th>
                    ) : (
                      <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
                    ),
                  )}
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {actions(row)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Cards<T>({ caption, columns, rows, rowKey, loading, refreshing, actions }: Props<T>) {
  const primary = columns.find((column) => column.primary);
  const details = columns.filter((column) => !column.primary);
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-label={caption}
      aria-busy={loading || refreshing}
      style={{ listStyle: 'none', margin: 0, padding: 0, opacity: refreshing ? 0.6 : 1 }}
    >
      {loading || !rows
        ? Array.from({ length: 3 }, (_, index) => (
            <Paper component="li" key={index} withBorder radius="md" p="md">
              <Skeleton h={16} w="60%" mb="sm" />
              <Skeleton h={12} w="90%" mb={6} />
              <Skeleton h={12} w="70%" />
            </Paper>
          ))
        : rows.map((row) => (
            <Paper component="li" key={rowKey(row)} withBorder radius="md" p="md">
              {primary && <div style={{ marginBottom: 8 }}>{primary.cell(row)}</div>}
              <DataList size="sm" gap={6} labelWidth={116}>
                {details.map((column) => (
                  <DataList.Item key={column.key}>
                    <DataList.ItemLabel c="gray.7">{column.header}</DataList.ItemLabel>
                    <DataList.ItemValue style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {column.cell(row)}
                    </DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList>
              <Group gap="xs" mt="sm" wrap="wrap">
                {actions(row)}
              </Group>
            </Paper>
          ))}
    </Stack>
  );
}
