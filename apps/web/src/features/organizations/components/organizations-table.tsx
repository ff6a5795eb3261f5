import type { ReactNode } from 'react';
import { Anchor, Badge, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { OrganizationSummary } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import { EmailText } from '../../../components/email-text.tsx';
import type { OrganizationListParams } from '../../../lib/organization-list.ts';
import type { OrganizationSort } from '../hooks/use-organization-list-params.ts';
import { formatDate } from '../../../lib/format.ts';
import { present } from '../lib/display.ts';
import { organizationPath } from '../lib/paths.ts';
import { useTypeLabel } from './use-type-label.ts';
import { intlLocale } from '@vbuilder/shared';

interface Props {
  items: OrganizationSummary[];
  params: OrganizationListParams;
  onToggleSort: (column: OrganizationSort) => void;
  onSort: (column: OrganizationSort, order: 'asc' | 'desc') => void;
  /** A newer page is loading: the rows shown are the previous ones. */
  stale?: boolean;
  /** Shown instead of the table when the page has no organizations. */
  empty: ReactNode;
}

/**
 * The organizations of one page, in the app's table (cards on phones). Each row opens the
 * organization: the name is a real link for the keyboard and screen readers, and the whole row
 * is a click target for the mouse.
 */
export function OrganizationsTable({ items, params, onToggleSort, onSort, stale = false, empty }: Props) {
  const { t, i18n } = useTranslation('organizations');
  const { label: typeLabel } = useTypeLabel();
  const navigate = useNavigate();
  const locale = i18n.resolvedLanguage ?? i18n.language;

  const headers = {
    name: t('list.columns.name'),
    createdAt: t('list.columns.created'),
    userCount: t('list.columns.users'),
  };

  const columns: Column<OrganizationSummary, OrganizationSort>[] = [
    {
      key: 'name',
      header: headers.name,
      sortField: 'name',
      primary: true,
      cell: (organization) => (
        <Anchor component={Link} to={organizationPath(organization.id)} size="sm" fw={600} c="inherit">
          {organization.name}
        </Anchor>
      ),
    },
    {
      key: 'type',
      header: t('list.columns.type'),
      cell: (organization) => (
        <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} c="gray.8">
          {typeLabel(organization.type)}
        </Badge>
      ),
    },
    {
      key: 'email',
      header: t('list.columns.email'),
      cell: (organization) => {
        const email = present(organization.email);
        return email ? (
          <EmailText email={email} />
        ) : (
          <Text span c="gray.7" fs="italic" fz="sm">
            {t('list.noEmail')}
          </Text>
        );
      },
    },
    {
      key: 'users',
      header: headers.userCount,
      sortField: 'userCount',
      align: 'end',
      cell: (organization) => organization.userCount.toLocaleString(intlLocale(locale)),
    },
    {
      key: 'created',
      header: headers.createdAt,
      sortField: 'createdAt',
      cell: (organization) => formatDate(organization.createdAt, locale),
    },
  ];

  return (
    <DataTable
      caption={t('list.caption', {
        column: headers[params.sort],
        direction: params.order === 'asc' ? t('list.ascending') : t('list.descending'),
      })}
      columns={columns}
      rows={items}
      rowKey={(organization) => organization.id}
      sort={params.sort}
      order={params.order}
      onToggleSort={onToggleSort}
      onSort={onSort}
      loading={false}
      refreshing={stale}
      empty={empty}
      onRowClick={(organization) => void navigate(organizationPath(organization.id))}
      minWidth={640}
      spacing="sm"
    />
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
