import { useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBooks, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  getQuestionType,
  newPartId,
  type BankQuestion,
  type BankUseMode,
  type Question,
} from '@vbuilder/shared';
import { useBankCategories, useBankQuestions } from '../api/question-bank.ts';
import { categoryOptions } from '../lib/category-tree.ts';

const PAGE_SIZE = 10;

/** A bank question as an assessment takes it: its content under a new id, linked or a plain copy. */
export function fromBank(item: BankQuestion, mode: BankUseMode): Question {
  const { bankRef: _bankRef, ...content } = item.question;
  return mode === 'reference'
    ? { ...content, id: newPartId(), bankRef: item.id }
    : { ...content, id: newPartId() };
}

/**
 * "Add from bank" in the assessment editor: search the bank, tick questions, and add them by
 * reference (they follow later bank edits until an attempt starts) or as copies.
 */
export function AddFromBank({ onAdd }: { onAdd(questions: Question[]): void }) {
  const { t } = useTranslation(['questionBank', 'questionTypes']);
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Map<string, BankQuestion>>(new Map());
  const [mode, setMode] = useState<BankUseMode>('reference');
  const categories = useBankCategories();
  const questions = useBankQuestions(
    { search: debounced, categoryId: categoryId ?? undefined, page, pageSize: PAGE_SIZE },
    opened,
  );
  const total = questions.data?.total ?? 0;

  const toggle = (item: BankQuestion) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(item.id)) next.delete(item.id);
      else next.set(item.id, item);
      return next;
    });
  const close = () => {
    setOpened(false);
    setPicked(new Map());
  };

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconBooks size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('questionBank:picker.open')}
      </Button>
      <Modal opened={opened} onClose={close} size="lg" title={t('questionBank:picker.title')}>
        <Stack gap="sm">
          <Group grow align="flex-end">
            <TextInput
              label={t('questionBank:filters.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
            />
            <Select
              label={t('questionBank:fields.category')}
              placeholder={t('questionBank:categories.all')}
              data={categoryOptions(categories.data?.items ?? [])}
              value={categoryId}
              onChange={(value) => {
                setCategoryId(value);
                setPage(1);
              }}
              clearable
              searchable
            />
          </Group>
          <Stack gap={6}>
            {(questions.data?.items ?? []).map((item) => (
              <Paper key={item.id} withBorder radius="sm" p="xs">
                <Checkbox
                  checked={picked.has(item.id)}
                  onChange={() => toggle(item)}
                  label={
                    <Stack gap={2}>
                      <Group gap={6}>
                        <Badge variant="light" color="indigo" tt="none" size="xs">
                          {t(getQuestionType(item.question.type).labelKey)}
                        </Badge>
                        {item.tags.map((tag) => (
                          <Badge key={tag} variant="outline" color="gray" tt="none" size="xs">
                            {tag}
                          </Badge>
                        ))}
                      </Group>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {item.question.text}
                      </Text>
                    </Stack>
                  }
                />
              </Paper>
            ))}
            {questions.data && total === 0 ? (
              <Text size="sm" c="gray.7">
                {t('questionBank:list.empty')}
              </Text>
            ) : null}
          </Stack>
          {total > PAGE_SIZE ? (
            <Pagination size="sm" total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} />
          ) : null}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="bank-mode-label">
              {t('questionBank:picker.mode')}
            </Text>
            <SegmentedControl
              aria-labelledby="bank-mode-label"
              value={mode}
              onChange={(value) => setMode(value as BankUseMode)}
              data={[
                { value: 'reference', label: t('questionBank:picker.reference') },
                { value: 'copy', label: t('questionBank:picker.copy') },
              ]}
            />
            <Text size="xs" c="gray.7">
              {mode === 'reference'
                ? t('questionBank:picker.referenceHint')
                : t('questionBank:picker.copyHint')}
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('questionBank:cancel')}
            </Button>
            <Button
              disabled={picked.size === 0}
              onClick={() => {
                onAdd([...picked.values()].map((item) => fromBank(item, mode)));
                close();
              }}
            >
              {t('questionBank:picker.add', { count: picked.size })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
