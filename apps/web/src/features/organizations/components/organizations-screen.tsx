import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  CloseButton,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingCommunity, IconLock, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useOrganizations } from '../api/get-organizations.ts';
import { useOrganizationListParams } from '../hooks/use-organization-list-params.ts';
import { HOME_PATH, organizationPath } from '../lib/paths.ts';
import { canListOrganizations } from '../lib/permissions.ts';
import { CreateOrganizationDialog } from './create-organization-dialog.tsx';
import { OrganizationsTable, OrganizationsTableSkeleton } from './organizations-table.tsx';
import { intlLocale } from '@vbuilder/shared';

/** Typing pauses this long before the server is asked, so a word is one request, not one per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

/** /account/organizations: every organization on the platform (Super Administrator, docs/product/screens.md). */
export function OrganizationsScreen() {
  const { user } = useAuth();
  if (!canListOrganizations(user)) return <NotAllowed organizationId={user?.organizationId ?? null} />;
  return <OrganizationList />;
}

function NotAllowed({ organizationId }: { organizationId: string | null }) {
  const { t } = useTranslation('organizations');
  return (
    <EmptyState
      icon={IconLock}
      pageTitle={t('list.title')}
      title={t('forbidden.title')}
      description={t('forbidden.description')}
    >
      {organizationId ? (
        <Button component={Link} to={organizationPath(organizationId)}>
          {t('forbidden.myOrganization')}
        </Button>
      ) : (
        <Button component={Link} to={HOME_PATH} variant="default">
          {t('forbidden.home')}
        </Button>
      )}
    </EmptyState>
  );
}

function OrganizationList() {
  const { t, i18n } = useTranslation(['organizations', 'errors']);
  const { params, setSearch, setPage, toggleSort, setSort } = useOrganizationListParams();
  const [searchInput, setSearchInput] = useState(params.search);
  const [debouncedSearch] = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);
  const list = useOrganizations(params);
  const locale = i18n.resolvedLanguage ?? i18n.language;

  // The typed words reach the address (and so the query) once typing pauses.
  useEffect(() => {
    if (debouncedSearch.trim() !== params.search.trim()) setSearch(debouncedSearch.trim());
    // Only a new debounced value should write; the address changing by itself (back button) should not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  // The address changed by itself (the menu link, back button): the box shows what is searched.
  useEffect(() => {
    if (params.search.trim() !== debouncedSearch.trim()) setSearchInput(params.search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params.search]);

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  // A page past the end (rows removed, or an old link) moves to the last page that exists.
  useEffect(() => {
    if (data && !list.isPlaceholderData && params.page > totalPages) setPage(totalPages);
  }, [data, list.isPlaceholderData, params.page, totalPages, setPage]);

  const forbidden = list.isError && errorCodeOf(list.error) === 'forbidden';
  if (forbidden) return <NotAllowed organizationId={null} />;

  const from = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? Math.min(data.total, data.page * data.pageSize) : 0;
  const searching = params.search.trim() !== '';

  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} size="h2">
            {t('list.title')}
          </Title>
          <Text c="gray.7" size="sm" maw={640}>
            {t('list.subtitle')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          {t('list.create')}
        </Button>
      </Group>

      <Paper withBorder radius="lg" shadow="xs">
        <Group p="md" gap="sm" justify="space-between" wrap="wrap">
          <TextInput
            type="search"
            aria-label={t('list.searchLabel')}
            placeholder={t('list.searchPlaceholder')}
            value={searchInput}
            onChange={(event) => setSearchInput(event.currentTarget.value)}
            maxLength={100}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              list.isFetching && !list.isPending ? (
                <Loader size={14} aria-hidden />
              ) : searchInput ? (
                <CloseButton
                  size="sm"
                  aria-label={t('list.clearSearch')}
                  onClick={() => {
                    setSearchInput('');
                    setSearch('');
                  }}
                />
              ) : null
            }
            w={{ base: '100%', xs: 360 }}
          />
          {data && data.total > 0 && (
            <Text size="sm" c="gray.7" aria-live="polite">
              {t('list.range', {
                from: from.toLocaleString(intlLocale(locale)),
                to: to.toLocaleString(intlLocale(locale)),
                total: data.total.toLocaleString(intlLocale(locale)),
              })}
            </Text>
          )}
        </Group>

        {list.isPending ? (
          <OrganizationsTableSkeleton label={t('list.loading')} />
        ) : list.isError ? (
          <Box m="md" mt={0}>
            <LoadErrorCard
              heading={t('list.loadFailed')}
              error={list.error}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
              retryLabel={t('list.retry')}
            />
          </Box>
        ) : (
          // On phones the rows are cards, which need room from the frame around them.
          <Box px={{ base: 'md', sm: 0 }} pb={{ base: 'md', sm: 0 }}>
            <OrganizationsTable
              items={list.data.items}
              params={params}
              onToggleSort={toggleSort}
              onSort={setSort}
              stale={list.isPlaceholderData}
              empty={
                <EmptyState
                  framed={false}
                  icon={searching ? IconSearch : IconBuildingCommunity}
                  headingOrder={2}
                  title={
                    searching ? t('list.noResults.title', { search: params.search }) : t('list.empty.title')
                  }
                  description={searching ? t('list.noResults.description') : t('list.empty.description')}
                />
              }
            />
          </Box>
        )}

        {data && totalPages > 1 && (
          <Group component="nav" aria-label={t('list.pages')} justify="center" p="md">
            <Pagination
              total={totalPages}
              value={Math.min(params.page, totalPages)}
              onChange={setPage}
              siblings={1}
              boundaries={1}
              size="sm"
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? t('list.previousPage') : t('list.nextPage'),
              })}
              getItemProps={(page) => ({
                'aria-label': t('list.page', { page }),
                'aria-current': page === params.page ? 'page' : undefined,
              })}
            />
          </Group>
        )}
      </Paper>

      <CreateOrganizationDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
