import { useMemo, useState } from 'react';
import {
  Anchor,
  Button,
  CloseButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBook, IconPlayerPlay, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  FAMILY_IDS,
  TIERS,
  type FamilyId,
  type QuestionTypeId,
  type QuestionTypeSummary,
  type Tier,
} from '@vbuilder/shared';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { useQuestionExamples } from '../api/get-question-examples.ts';
import { useQuestionTypes } from '../api/get-question-types.ts';
import { EXAMPLES_PATH } from './paths.ts';
import { FamilyBadges, TierBadge } from './type-badges.tsx';
import { TypePreviewDrawer } from './type-preview-drawer.tsx';

/** Lower-case, accents dropped, so 'resume' finds 'Résumé'. */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * /account/questiontype/{userId}: every question type grouped by the plan tier that first
 * includes them, each with its description, family and a live preview of its example. A search
 * matches the translated name, description and family; a select narrows to one family.
 */
export function QuestionTypesScreen() {
  const { t } = useTranslation(['questions', 'questionTypes']);
  const types = useQuestionTypes();
  const [search, setSearch] = useState('');
  const [family, setFamily] = useState<FamilyId | null>(null);
  const [previewing, setPreviewing] = useState<QuestionTypeId | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const openPreview = (typeId: QuestionTypeId) => {
    setPreviewing(typeId);
    setPreviewOpen(true);
  };
  // Loaded with the page so the first preview opens at once.
  const examples = useQuestionExamples();

  const visible = useMemo(() => {
    const words = fold(search).split(/\s+/).filter(Boolean);
    return (types.data?.types ?? []).filter((type) => {
      if (family && type.family !== family) return false;
      if (words.length === 0) return true;
      const haystack = fold(
        [
          t(`questionTypes:types.${type.id}.label`),
          type.name,
          t(`questionTypes:types.${type.id}.description`),
          t(`questionTypes:families.${type.family}`),
          type.responseKind ? t(`questionTypes:responseKinds.${type.responseKind}`) : '',
        ].join(' '),
      );
      return words.every((word) => haystack.includes(word));
    });
  }, [types.data, search, family, t]);

  const filtered = search.trim() !== '' || family !== null;
  const clear = () => {
    setSearch('');
    setFamily(null);
  };
  const previewExample = previewing
    ? examples.data?.examples.find((entry) => entry.typeId === previewing)?.example
    : undefined;

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} size="h2">
            {t('questions:typesScreen.title')}
          </Title>
          <Text c="dimmed" size="sm" maw={720}>
            {t('questions:typesScreen.subtitle')}
          </Text>
        </div>
        <Button
          component={Link}
          to={EXAMPLES_PATH}
          variant="default"
          leftSection={<IconBook size={16} aria-hidden />}
        >
          {t('questions:typesScreen.examplesLink')}
        </Button>
      </Group>

      {types.isError && !types.data ? (
        <LoadErrorCard
          heading={t('questions:typesScreen.loadFailed')}
          retryLabel={t('questions:typesScreen.retry')}
          error={types.error}
          onRetry={() => void types.refetch()}
          retrying={types.isFetching}
        />
      ) : (
        <>
          <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
            <Group gap="sm" wrap="wrap" align="flex-end">
              <TextInput
                type="search"
                label={t('questions:typesScreen.search.label')}
                placeholder={t('questions:typesScreen.search.placeholder')}
                leftSection={<IconSearch size={16} aria-hidden />}
                rightSection={
                  search ? (
                    <CloseButton
                      size="sm"
                      aria-label={t('questions:typesScreen.search.clear')}
                      onClick={() => setSearch('')}
                    />
                  ) : null
                }
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                w={{ base: '100%', sm: 320 }}
              />
              <Select
                label={t('questions:typesScreen.family.label')}
                placeholder={t('questions:typesScreen.family.all')}
                data={FAMILY_IDS.map((id) => ({ value: id, label: t(`questionTypes:families.${id}`) }))}
                value={family}
                onChange={(value) => setFamily(value as FamilyId | null)}
                clearable
                clearButtonProps={{ 'aria-label': t('questions:typesScreen.family.clear') }}
                w={{ base: '100%', sm: 240 }}
              />
            </Group>
            <Text size="sm" c="dimmed" mt="sm" aria-live="polite">
              {types.data ? t('questions:typesScreen.count', { count: visible.length }) : '\u00a0'}
            </Text>
          </Paper>

          {!types.data ? (
            <SimpleGrid
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="md"
              aria-busy="true"
              aria-label={t('questions:typesScreen.loading')}
            >
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} height={168} radius="lg" />
              ))}
            </SimpleGrid>
          ) : visible.length === 0 ? (
            <EmptyState
              icon={IconSearch}
              headingOrder={2}
              title={t('questions:typesScreen.empty.title')}
              description={t('questions:typesScreen.empty.description')}
            >
              <Button variant="light" onClick={clear}>
                {t('questions:typesScreen.empty.clear')}
              </Button>
            </EmptyState>
          ) : (
            TIERS.map((tier) => {
              const inTier = visible.filter((type) => type.tier === tier);
              if (inTier.length === 0) return null;
              return (
                <TierSection
                  key={tier}
                  tier={tier}
                  types={inTier}
                  filtered={filtered}
                  onPreview={openPreview}
                />
              );
            })
          )}
        </>
      )}

      <TypePreviewDrawer
        opened={previewOpen}
        typeId={previewing}
        example={previewExample}
        examplesFailed={examples.isError}
        onClose={() => setPreviewOpen(false)}
      />
    </Stack>
  );
}

function TierSection({
  tier,
  types,
  filtered,
  onPreview,
}: {
  tier: Tier;
  types: QuestionTypeSummary[];
  filtered: boolean;
  onPreview: (id: QuestionTypeId) => void;
}) {
  const { t } = useTranslation(['questions', 'questionTypes']);
  const headingId = `tier-${tier}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group gap="sm" align="baseline" wrap="wrap">
        <Title order={2} size="h3" id={headingId}>
          {t(`questions:typesScreen.tiers.${tier}.title`)}
        </Title>
        <Text size="sm" c="dimmed">
          {filtered
            ? t('questions:typesScreen.tierCount', { count: types.length })
            : t(`questions:typesScreen.tiers.${tier}.note`, { total: types.length })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {types.map((type) => (
          <TypeCard key={type.id} type={type} onPreview={() => onPreview(type.id)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function TypeCard({ type, onPreview }: { type: QuestionTypeSummary; onPreview: () => void }) {
  const { t } = useTranslation(['questions', 'questionTypes']);
  const label = t(`questionTypes:types.${type.id}.label`);
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="article"
      aria-labelledby={`type-${type.id}`}
      style={{ display: 'flex' }}
    >
      <Stack gap="sm" justify="space-between" w="100%">
        <Stack gap={8}>
          <Title order={3} size="h5" id={`type-${type.id}`}>
            {label}
          </Title>
          <Group gap={6}>
            <TierBadge tier={type.tier} />
            <FamilyBadges family={type.family} responseKind={type.responseKind} />
          </Group>
          <Text size="sm" c="gray.7">
            {t(`questionTypes:types.${type.id}.description`)}
          </Text>
        </Stack>
        <Group gap="sm" justify="space-between" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            onClick={onPreview}
            aria-label={t('questions:typesScreen.tryLabel', { type: label })}
          >
            {t('questions:typesScreen.try')}
          </Button>
          <Anchor
            component={Link}
            to={`${EXAMPLES_PATH}?type=${type.id}`}
            size="sm"
            aria-label={t('questions:typesScreen.exampleLabel', { type: label })}
          >
            {t('questions:typesScreen.example')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
