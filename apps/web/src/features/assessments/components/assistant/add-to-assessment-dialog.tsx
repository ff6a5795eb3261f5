import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DIFFICULTIES, type AiAddedToAssessment, type Difficulty, type Question } from '@vbuilder/shared';
import { errorCodeOf, fieldErrorsOf } from '../../../../lib/api-errors.ts';
import { useErrorText } from '../../../../lib/forms/use-error-text.ts';
import { useAssessments } from '../../api/get-assessments.ts';
import { useAddToAssessment } from '../../api/assistant.ts';
import { assessmentPaths } from '../../lib/assessment-paths.ts';

export interface AddToAssessmentDialogProps {
  opened: boolean;
  onClose(): void;
  /** The chosen cards, edited where the teacher edited them. */
  questions: Question[];
  userId: string;
  language: string;
  /** The chosen cards went in: the screen clears its choice. */
  onAdded(result: AiAddedToAssessment): void;
}

/**
 * "Add to assessment": the chosen cards into a draft of the organization (picked from its drafts)
 * or a new draft (title, subject, difficulty). The server saves through the assessments' own
 * create or update, so its checks and messages are the assessment editor's; then a link opens
 * the draft.
 */
export function AddToAssessmentDialog({
  opened,
  onClose,
  questions,
  userId,
  language,
  onAdded,
}: AddToAssessmentDialogProps) {
  const { t } = useTranslation(['aiAssistant', 'assessments', 'common']);
  const errorText = useErrorText();
  const add = useAddToAssessment();
  const drafts = useAssessments({ status: 'draft', pageSize: 100, sort: 'updatedAt', order: 'desc' });
  const [target, setTarget] = useState<'existing' | 'new'>('new');
  const [draftId, setDraftId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [subject, setSubject] = useState('');
  const [difficulty, setDifficulty] = useState<Difficulty>('Medium');
  const [draftMissing, setDraftMissing] = useState(false);
  const [added, setAdded] = useState<AiAddedToAssessment | null>(null);

  const draftOptions = (drafts.data?.items ?? []).map((a) => ({ value: a.id, label: a.title }));
  const fieldErrors = add.isError ? fieldErrorsOf(add.error, ['title', 'subject']) : {};
  const fieldError = (field: string) => (fieldErrors[field] ? errorText(fieldErrors[field]) : undefined);
  const generalError =
    add.isError && Object.keys(fieldErrors).length === 0 ? errorText(errorCodeOf(add.error)) : null;

  const close = () => {
    onClose();
    // Next time the dialog opens afresh.
    setAdded(null);
    add.reset();
  };

  const submit = () => {
    if (target === 'existing' && !draftId) {
      setDraftMissing(true);
      return;
    }
    const body =
      target === 'existing'
        ? { target, assessmentId: draftId!, questions }
        : { target, title, subject, difficulty, language, questions };
    add.mutate(body, {
      onSuccess: (result) => {
        setAdded(result);
        onAdded(result);
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('add.title')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      size="lg"
    >
      {added ? (
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconCheck size={20} aria-hidden />} role="status">
            {t('add.added', { count: added.added, title: added.title })}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:close')}
            </Button>
            <Button
              component={Link}
              to={assessmentPaths.edit(userId, added.assessmentId)}
              rightSection={<IconArrowRight size={16} aria-hidden />}
            >
              {t('add.open')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="add-target-label">
              {t('add.target')}
            </Text>
            <SegmentedControl
              aria-labelledby="add-target-label"
              value={target}
              onChange={(value) => setTarget(value as 'existing' | 'new')}
              data={[
                { value: 'new', label: t('add.new') },
                { value: 'existing', label: t('add.existing') },
              ]}
              fullWidth
            />
          </Stack>
          {target === 'existing' ? (
            draftOptions.length === 0 && !drafts.isPending ? (
              <Text size="sm" c="gray.7">
                {t('add.noDrafts')}
              </Text>
            ) : (
              <Select
                label={t('add.draft')}
                placeholder={t('add.draftPlaceholder')}
                data={draftOptions}
                value={draftId}
                onChange={(value) => {
                  setDraftId(value);
                  setDraftMissing(false);
                }}
                searchable
                withAsterisk
                error={draftMissing ? t('add.draftRequired') : undefined}
                comboboxProps={{ withinPortal: true }}
              />
            )
          ) : (
            <>
              <TextInput
                label={t('add.assessmentTitle')}
                value={title}
                onChange={(event) => setTitle(event.currentTarget.value)}
                withAsterisk
                error={fieldError('title')}
                data-autofocus
              />
              <TextInput
                label={t('add.subject')}
                value={subject}
                onChange={(event) => setSubject(event.currentTarget.value)}
                withAsterisk
                error={fieldError('subject')}
              />
              <Select
                label={t('add.difficulty')}
                data={DIFFICULTIES.map((d) => ({ value: d, label: t(`assessments:difficulty.${d}`) }))}
                value={difficulty}
                onChange={(next) => next && setDifficulty(next as Difficulty)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            </>
          )}
          {generalError ? (
            <Alert color="red" variant="light" role="alert" title={t('add.failed')}>
              {generalError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('add.cancel')}
            </Button>
            <Button onClick={submit} loading={add.isPending}>
              {t('add.submit', { count: questions.length })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
