import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  TagsInput,
  Tooltip,
} from '@mantine/core';
import { IconDatabasePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DIFFICULTIES, validateQuestion, type Difficulty, type Question } from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useBankCategories, useCreateBankQuestion } from '../api/question-bank.ts';
import { categoryOptions } from '../lib/category-tree.ts';

/**
 * "Save to bank" on a question of the assessment editor: the question as it is now (saved or not)
 * goes into the bank with a category, tags and difficulty; linked, the assessment's question then
 * refers to the bank's (saved with the assessment).
 */
export function SaveToBank({
  question,
  number,
  onLinked,
}: {
  question: Question;
  number: number;
  onLinked(question: Question): void;
}) {
  const { t } = useTranslation(['questionBank', 'assessments']);
  const errorText = useErrorText();
  const [opened, setOpened] = useState(false);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [difficulty, setDifficulty] = useState<Difficulty>('Medium');
  const [link, setLink] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const categories = useBankCategories();
  const create = useCreateBankQuestion();
  const invalid = validateQuestion(question).length > 0;

  const save = () =>
    create.mutate(
      { question, categoryId, tags, difficulty },
      {
        onSuccess: (saved) => {
          if (link) onLinked({ ...question, bankRef: saved.id });
          setOpened(false);
          showToast('success', t('questionBank:save.done'));
        },
        onError: (e) => setFailure(errorText(errorCodeOf(e))),
      },
    );

  if (question.bankRef) return null;
  return (
    <>
      <Tooltip label={t('questionBank:save.open', { number })} withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('questionBank:save.open', { number })}
          disabled={invalid}
          onClick={() => {
            setFailure(null);
            setOpened(true);
          }}
        >
          <IconDatabasePlus size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('questionBank:save.title', { number })}
      >
        <Stack gap="sm">
          <Select
            label={t('questionBank:fields.category')}
            placeholder={t('questionBank:categories.none')}
            data={categoryOptions(categories.data?.items ?? [])}
            value={categoryId}
            onChange={setCategoryId}
            clearable
            searchable
          />
          <Select
            label={t('questionBank:fields.difficulty')}
            data={DIFFICULTIES.map((d) => ({ value: d, label: t(`assessments:difficulty.${d}`) }))}
            value={difficulty}
            onChange={(value) => setDifficulty((value as Difficulty | null) ?? 'Medium')}
            allowDeselect={false}
          />
          <TagsInput label={t('questionBank:fields.tags')} value={tags} onChange={setTags} maxTags={20} />
          <Checkbox
            label={t('questionBank:save.link')}
            description={t('questionBank:save.linkHint')}
            checked={link}
            onChange={(event) => setLink(event.currentTarget.checked)}
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('questionBank:cancel')}
            </Button>
            <Button onClick={save} loading={create.isPending}>
              {t('questionBank:save.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
