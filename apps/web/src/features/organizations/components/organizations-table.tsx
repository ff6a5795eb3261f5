import type { MouseEvent } from 'react';
import { Anchor, Badge, Skeleton, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { OrganizationSummary } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { OrganizationListParams } from '../../../lib/organization-list.ts';
import type { OrganizationSort } from '../hooks/use-organization-list-params.ts';
import { formatDate } from '../../../lib/format.ts';
import { present } from '../lib/display.ts';
import { organizationPath } from '../lib/paths.ts';
import { useTypeLabel } from './use-type-label.ts';
import classes from './organizations-table.module.css';

interface SortHeaderProps {
  column: OrganizationSort;
  label: string;
  params: OrganizationListParams;
  onSort: (column: OrganizationSort) => void;
  align?: 'left' | 'right';
  visibleFrom?: 'xs' | 'sm' | 'md';
}

function SortHeader({ column, label, params, onSort, align = 'left', visibleFrom }: SortHeaderProps) {
  const active = params.sort === column;
  const Icon = !active ? IconArrowsSort : params.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      visibleFrom={visibleFrom}
      ta={align}
    >
      <UnstyledButton
        onClick={() => onSort(column)}
        className={classes.sortButton}
        data-active={active || undefined}
        data-align={align}
      >
        <span>{label}</span>
        <Icon size={14} stroke={2} aria-hidden className={classes.sortIcon} />
      </UnstyledButton>
    </Table.Th>
  );
}

interface Props {
  items: OrganizationSummary[];
  params: OrganizationListParams;
  onSort: (column: OrganizationSort) => void;
  /** A newer page is loading: the rows shown are the previous ones. */
  stale?: boolean;
}

/**
 * The organizations of one page. Each row opens the organization: the name is a real link for the
 * keyboard and screen readers, and the whole row is a click target for the mouse.
 */
export function OrganizationsTable({ items, params, onSort, stale = false }: Props) {
  const { t, i18n } = useTranslation('organizations');
  const { label: typeLabel } = useTypeLabel();
  const navigate = useNavigate();
  const locale = i18n.resolvedLanguage ?? i18n.language;

  const column = {
    name: t('list.columns.name'),
    createdAt: t('list.columns.created'),
    userCount: t('list.columns.users'),
  }[params.sort];

  const openRow = (event: MouseEvent<HTMLTableRowElement>, id: string) => {
    // The link handles its own clicks (and middle or modified clicks open a tab as usual).
    if ((event.target as HTMLElement).closest('a')) return;
    void navigate(organizationPath(id));
  };

  return (
    <Table.ScrollContainer minWidth={320} type="native">
      <Table
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="sm"
        className={classes.table}
        data-stale={stale || undefined}
        aria-busy={stale || undefined}
      >
        <VisuallyHidden component="caption">
          {t('list.caption', {
            column,
            direction: params.order === 'asc' ? t('list.ascending') : t('list.descending'),
          })}
        </VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="name" label={t('list.columns.name')} params={params} onSort={onSort} />
            <Table.Th visibleFrom="sm">{t('list.columns.type')}</Table.Th>
            <Table.Th visibleFrom="md">{t('list.columns.email')}</Table.Th>
            <SortHeader
              column="userCount"
              label={t('list.columns.users')}
              params={params}
              onSort={onSort}
              align="right"
            />
            <SortHeader
              column="createdAt"
              label={t('list.columns.created')}
              params={params}
              onSort={onSort}
            />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((organization) => {
            const email = present(organization.email);
            return (
              <Table.Tr
                key={organization.id}
                className={classes.row}
                onClick={(event) => openRow(event, organization.id)}
              >
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={organizationPath(organization.id)}
                    fw={600}
                    c="inherit"
                    className={classes.nameLink}
                  >
                    {organization.name}
                  </Anchor>
                  {/* The type column does not fit a phone: the type goes under the name there. */}
                  <Text hiddenFrom="sm" size="xs" c="gray.7" mt={2}>
                    {typeLabel(organization.type)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} c="gray.8">
                    {typeLabel(organization.type)}
                  </Badge>
                </Table.Td>
                <Table.Td visibleFrom="md" className={classes.email}>
                  {email ?? (
                    <Text span c="gray.7" fs="italic" fz="sm">
                      {t('list.noEmail')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" className={classes.number}>
                  {organization.userCount.toLocaleString(locale)}
                </Table.Td>
                <Table.Td className={classes.date}>{formatDate(organization.createdAt, locale)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Placeholder rows while the first page loads. */
export function OrganizationsTableSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="xs" p="md" aria-busy="true" aria-label={label} role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <Skeleton key={row} h={36} radius="sm" />
      ))}
    </Stack>
  );
}
