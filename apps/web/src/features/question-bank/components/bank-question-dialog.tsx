import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, TagsInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DIFFICULTIES,
  newQuestion,
  validateQuestion,
  type BankCategory,
  type BankQuestion,
  type Difficulty,
  type Question,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { QuestionEditor } from '../../../components/questions/editors/question-editor.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useCreateBankQuestion, useUpdateBankQuestion } from '../api/question-bank.ts';
import { categoryOptions } from '../lib/category-tree.ts';
import { LinkedAssessmentsNote } from './linked-assessments-note.tsx';
import { TypeSelect } from './type-select.tsx';

/** Creating a bank question (its type first), or editing one: the assessment editor's question editor, plus category, tags and difficulty. */
export function BankQuestionDialog({
  opened,
  onClose,
  editing,
  categories,
  defaultCategoryId,
  allowedTypes,
}: {
  opened: boolean;
  onClose(): void;
  /** The question edited; null: a new one. */
  editing: BankQuestion | null;
  categories: BankCategory[];
  defaultCategoryId: string | null;
  allowedTypes: readonly QuestionTypeId[] | null;
}) {
  const { t } = useTranslation(['questionBank', 'assessments', 'common']);
  const errorText = useErrorText();
  const [question, setQuestion] = useState<Question | null>(editing?.question ?? null);
  const [type, setType] = useState<QuestionTypeId | null>(
    allowedTypes ? (allowedTypes[0] ?? null) : 'multiple-choice',
  );
  const [categoryId, setCategoryId] = useState<string | null>(editing?.categoryId ?? defaultCategoryId);
  const [tags, setTags] = useState<string[]>(editing?.tags ?? []);
  const [difficulty, setDifficulty] = useState<Difficulty>(editing?.difficulty ?? 'Medium');
  const [showErrors, setShowErrors] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateBankQuestion();
  const update = useUpdateBankQuestion();

  const save = () => {
    if (!question) return;
    if (validateQuestion(question).length > 0) {
      setShowErrors(true);
      return;
    }
    setFailure(null);
    const input = { question, categoryId, tags, difficulty };
    const options = { onSuccess: onClose, onError: (e: unknown) => setFailure(errorText(errorCodeOf(e))) };
    if (editing) update.mutate({ id: editing.id, input }, options);
    else create.mutate(input, options);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={editing ? t('questionBank:editor.editTitle') : t('questionBank:editor.newTitle')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="md">
        {editing && editing.linkedAssessments > 0 ? (
          <LinkedAssessmentsNote bankQuestionId={editing.id} />
        ) : null}
        {question ? (
          <>
            <Group grow align="flex-start">
              <Select
                label={t('questionBank:fields.category')}
                placeholder={t('questionBank:categories.none')}
                data={categoryOptions(categories)}
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
            </Group>
            <TagsInput
              label={t('questionBank:fields.tags')}
              description={t('questionBank:fields.tagsHint')}
              value={tags}
              onChange={setTags}
              maxTags={20}
              clearable
            />
            <QuestionEditor question={question} onChange={setQuestion} showErrors={showErrors} />
          </>
        ) : (
          <Group align="flex-end">
            <TypeSelect
              label={t('questionBank:editor.type')}
              allowedTypes={allowedTypes}
              value={type}
              onChange={setType}
            />
            <Button onClick={() => type && setQuestion(newQuestion(type))} disabled={!type}>
              {t('questionBank:editor.start')}
            </Button>
          </Group>
        )}
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('questionBank:cancel')}
          </Button>
          <Button onClick={save} disabled={!question} loading={create.isPending || update.isPending}>
            {t('questionBank:editor.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
