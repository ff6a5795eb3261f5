import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { openConfirmModal } from '../../../components/deferred/confirm-modal.ts';
import { IconEdit, IconFileImport, IconLink, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DIFFICULTIES, getQuestionType, type BankQuestion, type QuestionTypeId } from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import type { ExportSource } from '../api/question-exports.ts';
import {
  useBankAuthors,
  useBankCategories,
  useBankQuestions,
  useBankTags,
  useDeleteBankQuestion,
} from '../api/question-bank.ts';
import { BankQuestionDialog } from './bank-question-dialog.tsx';
import { CategoryPanel, type CategoryChoice } from './category-panel.tsx';
import { ExportQuestionsButton } from './export-questions-dialog.tsx';
import { ImportQuestionsDialog } from './import-questions-dialog.tsx';
import { TypeSelect } from './type-select.tsx';

const PAGE_SIZE = 20;

/**
 * The organization's question bank: the category tree beside the questions of the
 * chosen category (and its subcategories), searched by text and filtered by type, difficulty,
 * tags and author, a page at a time; questions are created and edited with the assessment
 * editor's question editor.
 */
export function QuestionBankScreen({
  allowedTypes,
}: {
  /** The plan's types (null when the plan could not be read: every type, the server decides). */
  allowedTypes: readonly QuestionTypeId[] | null;
}) {
  const { t } = useTranslation(['questionBank', 'questionTypes', 'assessments', 'questionImport']);
  const errorText = useErrorText();
  const [choice, setChoice] = useState<CategoryChoice>({ kind: 'all' });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [type, setType] = useState<QuestionTypeId | null>(null);
  const [difficulty, setDifficulty] = useState<string | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [authorId, setAuthorId] = useState<string | null>(null);
  const [withSubcategories, setWithSubcategories] = useState(true);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ editing: BankQuestion | null; key: number } | null>(null);
  const [importing, setImporting] = useState<number | null>(null);
  /** Questions ticked for an export (kept across pages and filters); none: the export takes the list. */
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const categories = useBankCategories();
  const tagList = useBankTags();
  const authors = useBankAuthors();
  const remove = useDeleteBankQuestion();
  const questions = useBankQuestions({
    search: debounced,
    categoryId: choice.kind === 'category' ? choice.id : undefined,
    uncategorized: choice.kind === 'none',
    includeSubcategories: withSubcategories,
    type,
    difficulty,
    tags,
    authorId,
    page,
    pageSize: PAGE_SIZE,
  });
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const categoryList = categories.data?.items ?? [];
  const total = questions.data?.total ?? 0;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const exportSource: ExportSource = selected.size
    ? { kind: 'bankIds', ids: [...selected] }
    : {
        kind: 'bankFilter',
        filter: {
          search: debounced,
          categoryId: choice.kind === 'category' ? choice.id : undefined,
          uncategorized: choice.kind === 'none',
          includeSubcategories: withSubcategories,
          type,
          difficulty,
          tags,
          authorId,
        },
      };

  const confirmDelete = (question: BankQuestion) =>
    openConfirmModal({
      title: t('questionBank:list.deleteTitle'),
      children: (
        <Text size="sm">
          {question.linkedAssessments > 0
            ? t('questionBank:list.deleteLinked', { count: question.linkedAssessments })
            : t('questionBank:list.deleteBody')}
        </Text>
      ),
      labels: { confirm: t('questionBank:list.delete'), cancel: t('questionBank:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(question.id, {
          onSuccess: () => setSelected((current) => new Set([...current].filter((id) => id !== question.id))),
          onError: (e) =>
            showToast('failure', errorText(errorCodeOf(e)), t('questionBank:list.deleteFailed')),
        }),
    });

  return (
    <Stack gap="lg" maw={1300} mx="auto" w="100%">
      <Group justify="space-between">
        <div>
          <Title order={1} size="h2">
            {t('questionBank:title')}
          </Title>
          <Text c="gray.7">{t('questionBank:intro')}</Text>
        </div>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => setImporting(Date.now())}
          >
            {t('questionImport:action')}
          </Button>
          <ExportQuestionsButton
            source={exportSource}
            description={
              selected.size
                ? t('questionImport:export.selected', { count: selected.size })
                : t('questionImport:export.filtered', { count: total })
            }
            disabled={!selected.size && total === 0}
          />
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDialog({ editing: null, key: Date.now() })}
          >
            {t('questionBank:list.new')}
          </Button>
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Paper withBorder radius="md" p="sm">
            <CategoryPanel categories={categoryList} choice={choice} onChoose={filter(setChoice)} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label={t('questionBank:filters.search')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPage(1);
                }}
                w={{ base: '100%', xs: 240 }}
              />
              <TypeSelect
                label={t('questionBank:filters.type')}
                placeholder={t('questionBank:filters.any')}
                allowedTypes={null}
                value={type}
                onChange={filter(setType)}
                clearable
              />
              <Select
                label={t('questionBank:filters.difficulty')}
                placeholder={t('questionBank:filters.any')}
                data={DIFFICULTIES.map((d) => ({ value: d, label: t(`assessments:difficulty.${d}`) }))}
                value={difficulty}
                onChange={filter(setDifficulty)}
                clearable
                w={160}
              />
              <TagsInput
                label={t('questionBank:filters.tags')}
                data={(tagList.data?.items ?? []).map((x) => x.tag)}
                value={tags}
                onChange={filter(setTags)}
                w={{ base: '100%', xs: 220 }}
                clearable
              />
              <Select
                label={t('questionBank:filters.author')}
                placeholder={t('questionBank:filters.any')}
                data={(authors.data?.items ?? []).map((a) => ({ value: a.id, label: a.name }))}
                value={authorId}
                onChange={filter(setAuthorId)}
                clearable
                searchable
                w={200}
              />
            </Group>
            {choice.kind === 'category' ? (
              <Switch
                label={t('questionBank:filters.subcategories')}
                checked={withSubcategories}
                onChange={(event) => filter(setWithSubcategories)(event.currentTarget.checked)}
              />
            ) : null}
            <Group gap="sm" justify="space-between">
              <Text size="sm" c="gray.7" role="status" aria-live="polite">
                {t('questionBank:list.count', { count: total })}
                {selected.size ? ` · ${t('questionImport:export.selected', { count: selected.size })}` : ''}
              </Text>
              {selected.size ? (
                <Button variant="subtle" size="compact-sm" onClick={() => setSelected(new Set())}>
                  {t('questionImport:export.clearSelection', { selected: selected.size })}
                </Button>
              ) : null}
            </Group>
            {questions.isError ? (
              <Alert color="red" variant="light" role="alert">
                {t('questionBank:list.loadFailed')}
              </Alert>
            ) : null}
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {(questions.data?.items ?? []).map((item) => (
                <Paper key={item.id} component="li" withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Checkbox
                      mt={4}
                      checked={selected.has(item.id)}
                      onChange={() => toggle(item.id)}
                      aria-label={`${t('questionImport:export.select')}: ${item.question.text.slice(0, 80)}`}
                    />
                    <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                      <Group gap={6}>
                        <Badge variant="light" color="indigo" tt="none" size="sm">
                          {t(getQuestionType(item.question.type).labelKey)}
                        </Badge>
                        <Badge variant="light" color="gray" tt="none" size="sm">
                          {t(`assessments:difficulty.${item.difficulty}`)}
                        </Badge>
                        {item.tags.map((tag) => (
                          <Badge key={tag} variant="outline" color="gray" tt="none" size="sm">
                            {tag}
                          </Badge>
                        ))}
                        {item.linkedAssessments > 0 ? (
                          <Badge
                            variant="light"
                            color="teal"
                            tt="none"
                            size="sm"
                            leftSection={<IconLink size={12} aria-hidden />}
                          >
                            {t('questionBank:list.linked', { count: item.linkedAssessments })}
                          </Badge>
                        ) : null}
                      </Group>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {item.question.text}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {t('questionBank:list.byline', {
                          author: item.createdBy?.name ?? t('questionBank:list.unknownAuthor'),
                          count: item.question.score,
                        })}
                      </Text>
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('questionBank:list.edit')} withArrow>
                        <ActionIcon
                          variant="default"
                          size="lg"
                          aria-label={t('questionBank:list.edit')}
                          onClick={() => setDialog({ editing: item, key: Date.now() })}
                        >
                          <IconEdit size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('questionBank:list.delete')} withArrow>
                        <ActionIcon
                          variant="default"
                          color="red"
                          size="lg"
                          aria-label={t('questionBank:list.delete')}
                          onClick={() => confirmDelete(item)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
            {questions.data && total === 0 ? (
              <Paper withBorder radius="md" p="lg" ta="center">
                <Text c="gray.7">{t('questionBank:list.empty')}</Text>
              </Paper>
            ) : null}
            {total > PAGE_SIZE ? (
              <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      {dialog ? (
        <BankQuestionDialog
          key={dialog.key}
          opened
          onClose={() => setDialog(null)}
          editing={dialog.editing}
          categories={categoryList}
          defaultCategoryId={choice.kind === 'category' ? choice.id : null}
          allowedTypes={allowedTypes}
        />
      ) : null}
      {importing ? (
        <ImportQuestionsDialog
          key={importing}
          opened
          onClose={() => setImporting(null)}
          categories={categoryList}
          defaultCategoryId={choice.kind === 'category' ? choice.id : null}
        />
      ) : null}
    </Stack>
  );
}
