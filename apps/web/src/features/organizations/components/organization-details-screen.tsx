import { useId, useState, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconBuildingOff, IconPencil } from '@tabler/icons-react';
import { isSuperAdministrator, type OrganizationDetail } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useOrganization } from '../api/get-organization.ts';
import { HOME_PATH, ORGANIZATIONS_PATH } from '../lib/paths.ts';
import { canEditOrganization } from '../lib/permissions.ts';
import { EditOrganizationDialog } from './edit-organization-dialog.tsx';
import { AdministratorsCard, OrganizationCounts, OrganizationInfoCard } from './organization-cards.tsx';
import { SchoolSignInCard } from './school-sign-in-card.tsx';
import { useTypeLabel } from './use-type-label.ts';

/** Answers that mean "there is no such organization for you": missing, foreign (404) or a malformed id (400). */
const NOT_FOUND_CODES = new Set(['not_found', 'validation_error']);

interface Props {
  organizationId: string;
  /**
   * What goes under the details once they are loaded: the route puts the members table there for
   * those who may see it. Nothing is shown for an organization that could not be loaded.
   */
  members?: ReactNode;
}

/** /account/organization/{id}: details, counts and administrators; 'My Organization' for its members. */
export function OrganizationDetailsScreen({ organizationId, members }: Props) {
  const { t } = useTranslation(['organizations', 'errors']);
  const { user } = useAuth();
  const organization = useOrganization(organizationId);
  const [editing, setEditing] = useState(false);
  const superAdministrator = isSuperAdministrator(user?.role);

  if (organization.isError && NOT_FOUND_CODES.has(errorCodeOf(organization.error))) {
    return (
      <EmptyState
        icon={IconBuildingOff}
        pageTitle={superAdministrator ? t('details.platformTitle') : t('details.myOrganization')}
        title={t('details.notFound.title')}
        description={
          superAdministrator ? t('details.notFound.description') : t('details.notFound.descriptionMember')
        }
      >
        {superAdministrator ? (
          <Button
            component={Link}
            to={ORGANIZATIONS_PATH}
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('details.notFound.backToList')}
          </Button>
        ) : (
          <Button component={Link} to={HOME_PATH} variant="default">
            {t('details.notFound.backHome')}
          </Button>
        )}
      </EmptyState>
    );
  }

  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      {organization.isPending ? (
        <DetailsSkeleton label={t('details.loading')} />
      ) : organization.isError ? (
        <LoadError
          error={organization.error}
          onRetry={() => void organization.refetch()}
          retrying={organization.isFetching}
          title={superAdministrator ? t('details.platformTitle') : t('details.myOrganization')}
        />
      ) : (
        <>
          <DetailsHeader
            organization={organization.data}
            superAdministrator={superAdministrator}
            canEdit={canEditOrganization(user, organizationId)}
            onEdit={() => setEditing(true)}
          />
          <PeopleSection organization={organization.data} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <OrganizationInfoCard organization={organization.data} />
            <AdministratorsCard organization={organization.data} />
          </SimpleGrid>
          {canEditOrganization(user, organizationId) && <SchoolSignInCard organizationId={organizationId} />}
          {members}
        </>
      )}
      <EditOrganizationDialog
        opened={editing}
        organization={organization.data ?? null}
        onClose={() => setEditing(false)}
      />
    </Stack>
  );
}

function DetailsHeader({
  organization,
  superAdministrator,
  canEdit,
  onEdit,
}: {
  organization: OrganizationDetail;
  superAdministrator: boolean;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation('organizations');
  const { label: typeLabel } = useTypeLabel();
  return (
    <Stack gap={6}>
      {superAdministrator ? (
        <Anchor component={Link} to={ORGANIZATIONS_PATH} size="sm" fw={500} w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('details.back')}
          </Group>
        </Anchor>
      ) : (
        <Text size="sm" fw={600} c="gray.7" tt="uppercase" lts={0.5}>
          {t('details.myOrganization')}
        </Text>
      )}
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Group gap="sm" align="center" wrap="wrap" style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {organization.name}
          </Title>
          <Badge variant="light" radius="sm" tt="none" size="lg" fw={500} c="indigo.9">
            {typeLabel(organization.type)}
          </Badge>
        </Group>
        {canEdit && (
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={onEdit}
            aria-label={t('details.editLabel', { name: organization.name })}
          >
            {t('details.edit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function PeopleSection({ organization }: { organization: OrganizationDetail }) {
  const { t } = useTranslation('organizations');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <VisuallyHidden>
        <h2 id={headingId}>{t('details.counts.title')}</h2>
      </VisuallyHidden>
      <OrganizationCounts organization={organization} />
    </section>
  );
}

function LoadError({
  error,
  onRetry,
  retrying,
  title,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  title: string;
}) {
  const { t } = useTranslation('organizations');
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <LoadErrorCard
        heading={t('details.loadFailed.title')}
        error={error}
        onRetry={onRetry}
        retrying={retrying}
        retryLabel={t('details.loadFailed.retry')}
      />
    </Stack>
  );
}

function DetailsSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="lg" aria-busy="true" aria-label={label} role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Skeleton h={14} w={120} />
      <Skeleton h={32} w="40%" />
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={86} radius="lg" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Skeleton h={320} radius="lg" />
        <Skeleton h={320} radius="lg" />
      </SimpleGrid>
    </Stack>
  );
}
