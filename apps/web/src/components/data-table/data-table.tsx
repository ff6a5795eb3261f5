import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import {
  ActionIcon,
  Box,
  DataList,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconChevronDown,
  IconChevronUp,
  IconSelector,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';
import type { SortOrder } from './use-server-table.ts';

export interface Column<T, S extends string = string> {
  key: string;
  header: string;
  /** The API's sort field when the column sorts on the server. */
  sortField?: S;
  /** `rowNumber` counts across pages, from 1. */
  cell: (row: T, rowNumber: number) => ReactNode;
  /** The card's title on small screens. */
  primary?: boolean;
  /** Left out of the cards (e.g. the row number, which the card shows beside its title). */
  hideOnCard?: boolean;
  width?: number | string;
  /** 'end' for numbers, so their digits line up under the header. */
  align?: 'start' | 'end';
}

interface Props<T, S extends string> {
  caption: string;
  columns: Column<T, S>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /**
   * The number of the first row of this page (page 1 → 1, page 2 of 20 → 21); the cards show
   * each row's number only when it is given.
   */
  firstRowNumber?: number;
  /** Sorting on the server; without it no column sorts. */
  sort?: S;
  order?: SortOrder;
  onToggleSort?: (field: S) => void;
  onSort?: (field: S, order: SortOrder) => void;
  /** Nothing to show yet: skeleton rows. */
  loading: boolean;
  /** Old rows on screen while the next page loads. */
  refreshing?: boolean;
  /** Shown instead of the table when there are no rows (without it, an empty table). */
  empty?: ReactNode;
  /** The last column: what the viewer can do with the row (rendered only when it returns something). */
  actions?: (row: T) => ReactNode;
  /** Width under which the table scrolls instead of squeezing its columns. */
  minWidth?: number;
  /** Cell padding: smaller for tables with many columns. */
  spacing?: 'xs' | 'sm' | 'md';
  /**
   * Where a card shows the row's actions on phones: beside its title (a compact menu) or under
   * its details (buttons with words, which would squeeze the title).
   */
  cardActions?: 'header' | 'footer';
  /**
   * Opens a row (e.g. its own page): the whole row, or card on phones, becomes a click target.
   * Links, buttons and fields inside it keep their own clicks.
   */
  onRowClick?: (row: T) => void;
  /**
   * The row's name as a target, e.g. 'Open Hill School'. With it, the row also takes the keyboard
   * focus and opens with Enter or Space; leave it out when a cell already links to the same place,
   * so keyboard and screen-reader users do not meet the same target twice.
   */
  rowLabel?: (row: T) => string;
}

const ariaSort = (active: boolean, order: SortOrder) =>
  active ? (order === 'asc' ? 'ascending' : 'descending') : undefined;

/** What inside a row has a click of its own. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="menuitem"]';

/** The props that make a row (or card) open on a click, and on Enter or Space when it has a name. */
function rowTarget<T>(row: T, onRowClick?: (row: T) => void, rowLabel?: (row: T) => string) {
  if (!onRowClick) return {};
  const label = rowLabel?.(row);
  return {
    className: classes.clickable,
    onClick: (event: MouseEvent<HTMLElement>) => {
      const target = event.target as Element;
      // Clicks from a menu in a portal, on a control inside the row, or ending a text selection are not "open".
      if (!event.currentTarget.contains(target)) return;
      const control = target.closest(INTERACTIVE);
      if (control && control !== event.currentTarget && event.currentTarget.contains(control)) return;
      if (window.getSelection()?.toString()) return;
      onRowClick(row);
    },
    ...(label === undefined
      ? {}
      : {
          tabIndex: 0,
          'aria-label': label,
          onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
            if (event.target !== event.currentTarget) return;
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              onRowClick(row);
            }
          },
        }),
  };
}

/**
 * The app's one table: server-side paged and sorted when given sort props, or a plain list of
 * results. A real table (caption, column headers with scope and
 * aria-sort, sort buttons) from tablet width up, and a list of cards on phones, where a table of
 * this many columns would only scroll sideways.
 */
export function DataTable<T, S extends string>(props: Props<T, S>) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return isPhone ? <CardList {...props} /> : <DesktopTable {...props} />;
}

function DesktopTable<T, S extends string>({
  caption,
  columns,
  rows,
  rowKey,
  firstRowNumber = 1,
  sort,
  order = 'asc',
  onToggleSort,
  loading,
  refreshing = false,
  empty,
  actions,
  minWidth = 720,
  spacing = 'md',
  onRowClick,
  rowLabel,
}: Props<T, S>) {
  const { t } = useTranslation('common');
  if (!loading && rows?.length === 0 && empty !== undefined) return <>{empty}</>;
  return (
    // A region that can take the focus, so keyboard users can scroll it when it is narrower than the table.
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={caption}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing={spacing}
        highlightOnHover
        tabularNums
        aria-busy={loading || refreshing}
        className={`${classes.table} ${refreshing ? classes.refreshing : ''}`}
      >
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const sortField = onToggleSort ? column.sortField : undefined;
              const active = sortField !== undefined && sort === sortField;
              const Icon = !active ? IconSelector : order === 'asc' ? IconChevronUp : IconChevronDown;
              return (
                <Table.Th
                  key={column.key}
                  scope="col"
                  className={classes.th}
                  w={column.width}
                  ta={column.align === 'end' ? 'end' : undefined}
                  aria-sort={ariaSort(active, order)}
                >
                  {sortField !== undefined ? (
                    <UnstyledButton
                      className={classes.sortButton}
                      data-align={column.align}
                      onClick={() => onToggleSort?.(sortField)}
                    >
                      {column.header}
                      <Icon size={14} aria-hidden stroke={active ? 2.4 : 1.6} />
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
            {actions && (
              <Table.Th scope="col" className={`${classes.th} ${classes.stickyEnd}`} w={56}>
                <VisuallyHidden>{t('dataTable.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading || !rows
            ? Array.from({ length: 5 }, (_, index) => (
                <Table.Tr key={index}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      <Skeleton h={14} w={column.key === 'index' ? 20 : '80%'} />
                    </Table.Td>
                  ))}
                  {actions && <Table.Td className={classes.stickyEnd} />}
                </Table.Tr>
              ))
            : rows.map((row, index) => {
                const number = firstRowNumber + index;
                return (
                  <Table.Tr key={rowKey(row)} {...rowTarget(row, onRowClick, rowLabel)}>
                    {columns.map((column) =>
                      column.primary ? (
                        <Table.Th key={column.key} scope="row" fw="normal">
                          {column.cell(row, number)}
                        </Table.Th>
                      ) : (
                        <Table.Td key={column.key} ta={column.align === 'end' ? 'end' : undefined}>
                          {column.cell(row, number)}
                        </Table.Td>
                      ),
                    )}
                    {actions && (
                      <Table.Td className={classes.stickyEnd}>
                        {/* Into the cell's padding, so a row with buttons is as tall as one without. */}
                        <Group gap="xs" justify="flex-end" wrap="nowrap" my={-8}>
                          {actions(row)}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CardList<T, S extends string>({
  caption,
  columns,
  rows,
  rowKey,
  firstRowNumber,
  sort,
  order = 'asc',
  onSort,
  loading,
  refreshing = false,
  empty,
  actions,
  cardActions = 'header',
  onRowClick,
  rowLabel,
}: Props<T, S>) {
  const { t } = useTranslation('common');
  const sortable = onSort && sort !== undefined ? columns.filter((column) => column.sortField) : [];
  const primary = columns.find((column) => column.primary);
  const details = columns.filter((column) => !column.primary && !column.hideOnCard);
  const OrderIcon = order === 'asc' ? IconSortAscending : IconSortDescending;
  const orderLabel = order === 'asc' ? t('dataTable.sortAscending') : t('dataTable.sortDescending');

  return (
    <Stack gap="sm">
      {sortable.length > 0 && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label={t('dataTable.sortBy')}
            size="sm"
            flex={1}
            allowDeselect={false}
            value={sort}
            data={sortable.map((column) => ({ value: column.sortField!, label: column.header }))}
            onChange={(value) => value && onSort?.(value as S, order)}
          />
          <Tooltip label={orderLabel}>
            <ActionIcon
              variant="default"
              size={36}
              aria-label={orderLabel}
              onClick={() => sort !== undefined && onSort?.(sort, order === 'asc' ? 'desc' : 'asc')}
            >
              <OrderIcon size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
      {!loading && rows?.length === 0 && empty !== undefined ? (
        empty
      ) : (
        <Stack
          component="ul"
          gap="sm"
          className={`${classes.cards} ${refreshing ? classes.refreshing : ''}`}
          aria-label={caption}
          aria-busy={loading || refreshing}
        >
          {loading || !rows
            ? Array.from({ length: 3 }, (_, index) => (
                <Paper component="li" key={index} withBorder radius="md" p="md">
                  <Skeleton h={16} w="60%" mb="sm" />
                  <Skeleton h={12} w="90%" mb={6} />
                  <Skeleton h={12} w="70%" />
                </Paper>
              ))
            : rows.map((row, index) => {
                const number = (firstRowNumber ?? 1) + index;
                return (
                  <Paper
                    component="li"
                    key={rowKey(row)}
                    withBorder
                    radius="md"
                    p="md"
                    {...rowTarget(row, onRowClick, rowLabel)}
                  >
                    <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
                      <Group gap={8} wrap="nowrap" align="baseline" miw={0}>
                        {firstRowNumber !== undefined && (
                          <Text size="sm" c="gray.7" fw={600}>
                            {t('dataTable.rowNumber', { number })}
                          </Text>
                        )}
                        <div style={{ minWidth: 0 }}>{primary?.cell(row, number)}</div>
                      </Group>
                      {/* Into the card's padding, so a card with a menu has its details where one without has them. */}
                      {cardActions === 'header' && actions && <Box my={-6}>{actions(row)}</Box>}
                    </Group>
                    <DataList size="sm" gap={6} mt="sm" labelWidth={116}>
                      {details.map((column) => (
                        <DataList.Item key={column.key}>
                          <DataList.ItemLabel c="gray.7">{column.header}</DataList.ItemLabel>
                          <DataList.ItemValue style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                            {column.cell(row, number)}
                          </DataList.ItemValue>
                        </DataList.Item>
                      ))}
                    </DataList>
                    {cardActions === 'footer' && actions && (
                      <Group justify="flex-end" gap="xs" mt="sm">
                        {actions(row)}
                      </Group>
                    )}
                  </Paper>
                );
              })}
        </Stack>
      )}
    </Stack>
  );
}
