import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowsShuffle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  BANK_LIMITS,
  drawTotals,
  newPartId,
  QUESTION_TYPE_REGISTRY,
  type DrawRuleView,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { useBankCategories, useDrawPool } from '../api/question-bank.ts';
import { categoryOptions } from '../lib/category-tree.ts';

export interface DrawRulesEditorProps {
  draws: DrawRuleView[];
  onChange(draws: DrawRuleView[]): void;
  /** The assessment's own questions: a rule sits after one of them (0: before the first). */
  questionCount: number;
  allowedTypes: readonly QuestionTypeId[];
}

function PoolSize({ rule }: { rule: DrawRuleView }) {
  const { t } = useTranslation(['questionBank']);
  const pool = useDrawPool(
    rule.categoryId
      ? {
          categoryId: rule.categoryId,
          includeSubcategories: rule.includeSubcategories,
          tags: rule.tags,
          types: rule.types,
        }
      : null,
  );
  if (!pool.data) return null;
  const short = pool.data.available < rule.count;
  return (
    <Text size="sm" c={short ? 'red.8' : 'gray.7'} role="status">
      {short
        ? t('questionBank:draws.tooFew', { available: pool.data.available })
        : t('questionBank:draws.available', { count: pool.data.available })}
    </Text>
  );
}

/**
 * The assessment's random draws: each "N questions from a category (with tags, of
 * types), each worth S marks", placed after one of the assessment's questions and drawn for each
 * student when they start.
 */
export function DrawRulesEditor({ draws, onChange, questionCount, allowedTypes }: DrawRulesEditorProps) {
  const { t } = useTranslation(['questionBank', 'questionTypes']);
  const categories = useBankCategories();
  const options = categoryOptions(categories.data?.items ?? []);
  const totals = drawTotals(draws);
  const allowed = new Set<string>(allowedTypes);
  const typeData = QUESTION_TYPE_REGISTRY.filter((info) => allowed.has(info.id)).map((info) => ({
    value: info.id,
    label: t(info.labelKey),
  }));
  const change = (index: number, patch: Partial<DrawRuleView>) =>
    onChange(draws.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          {t('questionBank:draws.title')}
        </Title>
        {draws.length ? (
          <Text size="sm" c="gray.7">
            {t('questionBank:draws.totals', { count: totals.questions, marks: totals.marks })}
          </Text>
        ) : null}
      </Group>
      <Text size="sm" c="gray.7">
        {t('questionBank:draws.intro')}
      </Text>
      {draws.map((rule, index) => (
        <Paper
          key={rule.id}
          withBorder
          radius="md"
          p="sm"
          component="section"
          aria-label={t('questionBank:draws.rule', { number: index + 1 })}
        >
          <Stack gap="xs">
            <Group align="flex-end" wrap="wrap" gap="sm">
              <Select
                label={t('questionBank:fields.category')}
                data={options}
                value={rule.categoryId || null}
                onChange={(value) => change(index, { categoryId: value ?? '' })}
                searchable
                required
                w={{ base: '100%', sm: 280 }}
              />
              <NumberInput
                label={t('questionBank:draws.count')}
                value={rule.count}
                min={1}
                max={BANK_LIMITS.drawCountMax}
                allowDecimal={false}
                onChange={(value) => change(index, { count: typeof value === 'number' ? value : 1 })}
                w={120}
              />
              <NumberInput
                label={t('questionBank:draws.score')}
                value={rule.score}
                min={0.5}
                max={100}
                step={0.5}
                decimalScale={1}
                onChange={(value) => change(index, { score: typeof value === 'number' ? value : 1 })}
                w={140}
              />
              <NumberInput
                label={t('questionBank:draws.position')}
                description={t('questionBank:draws.positionHint')}
                value={rule.position}
                min={0}
                max={questionCount}
                allowDecimal={false}
                onChange={(value) =>
                  change(index, { position: Math.min(questionCount, typeof value === 'number' ? value : 0) })
                }
                w={180}
              />
              <ActionIcon
                variant="default"
                color="red"
                size="lg"
                aria-label={t('questionBank:draws.remove', { number: index + 1 })}
                onClick={() => onChange(draws.filter((_, i) => i !== index))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            <Group align="flex-end" wrap="wrap" gap="sm">
              <TagsInput
                label={t('questionBank:draws.tags')}
                value={rule.tags}
                onChange={(tags) => change(index, { tags })}
                maxTags={BANK_LIMITS.drawTagsMax}
                w={{ base: '100%', sm: 280 }}
              />
              <MultiSelect
                label={t('questionBank:draws.types')}
                placeholder={rule.types.length ? undefined : t('questionBank:draws.anyType')}
                data={typeData}
                value={rule.types}
                onChange={(types) => change(index, { types: types as QuestionTypeId[] })}
                searchable
                clearable
                w={{ base: '100%', sm: 320 }}
              />
            </Group>
            <Switch
              label={t('questionBank:draws.subcategories')}
              checked={rule.includeSubcategories}
              onChange={(event) => change(index, { includeSubcategories: event.currentTarget.checked })}
            />
            <PoolSize rule={rule} />
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconArrowsShuffle size={16} aria-hidden />}
          disabled={draws.length >= BANK_LIMITS.drawRulesMax}
          onClick={() =>
            onChange([
              ...draws,
              {
                id: newPartId(),
                position: questionCount,
                categoryId: '',
                includeSubcategories: true,
                tags: [],
                types: [],
                count: 5,
                score: 1,
              },
            ])
          }
        >
          {t('questionBank:draws.add')}
        </Button>
      </Group>
    </Stack>
  );
}
