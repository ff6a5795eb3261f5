import { useMemo, useState, type ComponentType } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { openConfirmModal } from '../../../../components/deferred/confirm-modal.ts';
import { IconAlertCircle, IconCopy, IconDeviceFloppy, IconEye, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  drawTotals,
  validateQuestion,
  type AiGenerateResponse,
  type Assessment,
  type DrawRuleView,
  type GenerationType,
  type Question,
  type QuestionImportResult,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { showToast } from '../../../../components/forms/show-toast.tsx';
import { errorCodeOf } from '../../../../lib/api-errors.ts';
import { assessmentQuery } from '../../api/get-assessment.ts';
import { useDuplicateAssessment, useUpdateAssessment } from '../../api/save-assessment.ts';
import { issuesOf, useFailureReason } from '../../hooks/use-failure-reason.ts';
import { useMessageText } from '../../hooks/use-message-text.ts';
import { useUnsavedChangesGuard } from '../../hooks/use-unsaved-changes-guard.ts';
import { assessmentPaths } from '../../lib/assessment-paths.ts';
import { AiGenerateDialog } from './ai-generate-dialog.tsx';
import { AssessmentDetailsFields } from './assessment-details-fields.tsx';
import {
  checkAssessment,
  detailsFieldOf,
  detailsOf,
  toAssessmentInput,
  type DetailsField,
  type DetailsValues,
} from './details-values.ts';
import { QuestionListEditor, totalMarksOf, withUniqueIds } from './question-list-editor.tsx';
import { ResourcesPanel } from './resources-panel.tsx';
import classes from './question-list-editor.module.css';

export interface EditAssessmentScreenProps {
  assessment: Assessment;
  userId: string;
  /** The plan's question types (null when the plan could not be read: only the types in use). */
  allowedTypes: readonly QuestionTypeId[] | null;
  packageName?: string;
  /** The question bank's parts, given by the route: this feature does not import that one. */
  bank?: AssessmentBankTools;
  /** The editor may switch automatic certificates on or off (the organization's Administrators). */
  canSetAutoCertificate?: boolean;
}

/** What the assessment editor shows of the question bank. */
export interface AssessmentBankTools {
  /** "Add from bank": calls onAdd with the chosen questions (linked or copies). */
  AddFromBank: ComponentType<{ onAdd(questions: Question[]): void }>;
  /** "Save to bank" on one question; onLinked gives it back linked to the bank. */
  SaveToBank: ComponentType<{ question: Question; number: number; onLinked(question: Question): void }>;
  /** The random draws' editor. */
  DrawRules: ComponentType<{
    draws: DrawRuleView[];
    onChange(draws: DrawRuleView[]): void;
    questionCount: number;
    allowedTypes: readonly QuestionTypeId[];
  }>;
  /** "Import questions" from a file into this assessment (off once it is locked); the server appends them. */
  ImportQuestions: ComponentType<{
    assessmentId: string;
    locked: boolean;
    onImported(result: QuestionImportResult): void;
  }>;
  /** "Export" of the saved questions as QTI, Moodle XML, GIFT or Aiken. */
  ExportQuestions: ComponentType<{ assessmentId: string; title: string; count: number; unsaved: boolean }>;
}

interface Editing {
  details: DetailsValues;
  generationType: GenerationType;
  questions: Question[];
  draws: DrawRuleView[];
}

const editingOf = (assessment: Assessment): Editing => ({
  details: detailsOf(assessment),
  generationType: assessment.generationType,
  questions: assessment.questions,
  draws: assessment.draws,
});

const inputOf = (editing: Editing) =>
  toAssessmentInput(editing.details, editing.generationType, editing.questions, editing.draws);

const snapshot = (editing: Editing) => JSON.stringify(inputOf(editing));

/**
 * Editing one assessment (docs/product/screens.md 'Assessment edit'): the same details as the wizard, its files
 * and resources, and its questions with AI-generate more. Save sends everything at once; leaving
 * with unsaved changes asks first.
 */
export function EditAssessmentScreen({
  assessment,
  userId,
  allowedTypes,
  packageName,
  bank,
  canSetAutoCertificate = false,
}: EditAssessmentScreenProps) {
  const { t } = useTranslation(['assessmentEditor', 'assessments', 'common']);
  const navigate = useNavigate();
  const messageText = useMessageText();
  const failureReason = useFailureReason(packageName);
  const update = useUpdateAssessment();
  const duplicate = useDuplicateAssessment();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(() => editingOf(assessment));
  const [saved, setSaved] = useState(() => snapshot(editingOf(assessment)));
  /** The questions the server holds (as last loaded or saved): what an import adds is the rest. */
  const [server, setServer] = useState(() => ({
    ids: new Set(assessment.questions.map((q) => q.id)),
    count: assessment.questions.length,
  }));
  const [errors, setErrors] = useState<Partial<Record<DetailsField, string>>>({});
  const [questionError, setQuestionError] = useState<string | null>(null);
  const [showQuestionErrors, setShowQuestionErrors] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [aiOpen, setAiOpen] = useState(false);
  /** A save found the questions locked since this screen loaded (a student started meanwhile). */
  const [lockedSince, setLockedSince] = useState(false);
  /**
   * A student has started it: its questions and draw rules can no longer change (the server
   * refuses with questions_locked); the rest of the assessment is edited and saved as before.
   */
  const locked = assessment.questionsLocked || lockedSince;

  const dirty = useMemo(() => snapshot(editing) !== saved, [editing, saved]);
  const typesInUse = useMemo(() => [...new Set(editing.questions.map((q) => q.type))], [editing.questions]);
  const types = allowedTypes ?? typesInUse;

  useUnsavedChangesGuard(dirty && !update.isPending, (proceed, stay) =>
    openConfirmModal({
      title: t('assessmentEditor:edit.leaveTitle'),
      children: <Text size="sm">{t('assessmentEditor:edit.leaveBody')}</Text>,
      labels: { confirm: t('assessmentEditor:edit.leave'), cancel: t('assessmentEditor:edit.stay') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: proceed,
      onCancel: stay,
      onClose: stay,
    }),
  );

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus());

  const save = async () => {
    setFailure(null);
    setQuestionError(null);
    const result = checkAssessment(editing.details, editing.generationType, editing.questions, editing.draws);
    setErrors(result.details);
    const invalidQuestions = editing.questions.filter((q) => validateQuestion(q).length > 0).length;
    if (invalidQuestions > 0 || result.questionList) {
      setShowQuestionErrors(true);
      setQuestionError(
        result.questionList
          ? messageText(result.questionList)
          : t('assessmentEditor:wizard.questions.fix', { count: invalidQuestions }),
      );
    }
    if (Object.keys(result.details).length > 0) {
      focusFirstInvalid();
      return;
    }
    if (invalidQuestions > 0 || result.questionList) return;
    try {
      const next = await update.mutateAsync({
        id: assessment.id,
        input: inputOf(editing),
      });
      const fresh = editingOf(next);
      setEditing(fresh);
      setSaved(snapshot(fresh));
      setServer({ ids: new Set(next.questions.map((q) => q.id)), count: next.questions.length });
      setShowQuestionErrors(false);
      showToast('success', t('assessmentEditor:edit.updated', { title: next.title }));
    } catch (error) {
      if (errorCodeOf(error) === 'questions_locked') return takeLock(error);
      const reason = failureReason(error);
      setFailure(reason);
      showToast('failure', reason, t('assessmentEditor:edit.updateFailed'));
      const fieldErrors: Partial<Record<DetailsField, string>> = {};
      for (const issue of issuesOf(error)) {
        const field = detailsFieldOf(issue.path);
        if (field) fieldErrors[field] ??= issue.message;
        else if (issue.path[0] === 'questions') setShowQuestionErrors(true);
      }
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirstInvalid();
      }
    }
  };

  /**
   * The save was refused because a student started the assessment after this screen loaded: the
   * questions and draw rules go back to the saved ones, the other changes stay (unsaved), and the
   * screen shows the lock.
   */
  const takeLock = async (error: unknown) => {
    setLockedSince(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...assessmentQuery(assessment.id), staleTime: 0 });
      setEditing((current) => ({ ...current, questions: fresh.questions, draws: fresh.draws }));
      setSaved(snapshot(editingOf(fresh)));
      setServer({ ids: new Set(fresh.questions.map((q) => q.id)), count: fresh.questions.length });
      setShowQuestionErrors(false);
      setFailure(t('assessmentEditor:edit.lockedRestored'));
    } catch {
      setFailure(failureReason(error));
    }
    showToast('failure', failureReason(error), t('assessmentEditor:edit.updateFailed'));
  };

  const copy = () =>
    duplicate.mutate(
      { id: assessment.id },
      {
        onSuccess: (created) => {
          showToast('success', t('assessmentEditor:edit.duplicated', { title: created.title }));
          void navigate(assessmentPaths.edit(userId, created.id));
        },
        onError: (error) =>
          showToast('failure', failureReason(error), t('assessmentEditor:edit.duplicateFailed')),
      },
    );

  /**
   * An import saved questions straight into the assessment on the server. The editor takes them
   * in after what it holds (the teacher's unsaved edits stay), and the server's state becomes the
   * saved one: a later save sends both, never overwriting the imported questions.
   */
  const takeImported = async () => {
    try {
      const fresh = await queryClient.fetchQuery({ ...assessmentQuery(assessment.id), staleTime: 0 });
      const added = fresh.questions.filter((q) => !server.ids.has(q.id));
      setEditing((current) => ({ ...current, questions: withUniqueIds([...current.questions, ...added]) }));
      setSaved(snapshot(editingOf(fresh)));
      setServer({ ids: new Set(fresh.questions.map((q) => q.id)), count: fresh.questions.length });
    } catch (error) {
      // The questions are saved; only this screen is behind: reloading shows them.
      showToast('failure', failureReason(error), t('assessmentEditor:edit.importReloadFailed'));
    }
  };

  const appendGenerated = (response: AiGenerateResponse) =>
    setEditing((current) => ({
      ...current,
      questions: withUniqueIds([...current.questions, ...response.questions]),
    }));

  const saveButton = (
    <Button
      leftSection={<IconDeviceFloppy size={16} aria-hidden />}
      onClick={() => void save()}
      loading={update.isPending}
    >
      {t('assessmentEditor:edit.save')}
    </Button>
  );

  /** Over the questions while they are locked: why, and the way to correct one (Regrade). */
  const lockNotice = locked ? (
    <Alert
      color="blue"
      variant="light"
      icon={<IconLock size={20} aria-hidden />}
      title={t('assessmentEditor:edit.lockedTitle')}
      data-testid="questions-locked"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('assessmentEditor:edit.lockedBody')}</Text>
        <Button
          component={Link}
          to={`${assessmentPaths.submissions(userId, assessment.id)}?tab=regrade`}
          variant="white"
          size="compact-sm"
        >
          {t('assessmentEditor:edit.lockedAction')}
        </Button>
      </Stack>
    </Alert>
  ) : null;

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="flex-start" gap="md">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {t('assessmentEditor:edit.title')}
          </Title>
          <Group gap="xs" mt={4}>
            <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {assessment.title}
            </Text>
            <Badge variant="light" color={assessment.status === 'published' ? 'teal' : 'gray'} tt="none">
              {t(`assessments:status.${assessment.status}`)}
            </Badge>
            {dirty ? (
              <Badge variant="light" color="orange" tt="none" role="status">
                {t('assessmentEditor:edit.unsaved')}
              </Badge>
            ) : null}
          </Group>
        </div>
        <Group gap="sm">
          <Button
            component={Link}
            to={assessmentPaths.view(userId, assessment.id)}
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
          >
            {t('assessmentEditor:edit.view')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={copy}
            loading={duplicate.isPending}
          >
            {t('assessmentEditor:edit.duplicate')}
          </Button>
          {saveButton}
        </Group>
      </Group>

      {failure ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} aria-hidden />}
          role="alert"
          title={t('assessmentEditor:edit.updateFailed')}
        >
          {failure}
        </Alert>
      ) : null}

      <AssessmentDetailsFields
        values={editing.details}
        onChange={(change) =>
          setEditing((current) => ({ ...current, details: { ...current.details, ...change } }))
        }
        errors={errors}
        totalMarks={totalMarksOf(editing.questions) + drawTotals(editing.draws).marks}
        generationType={{
          value: editing.generationType,
          onChange: (generationType) => setEditing((current) => ({ ...current, generationType })),
        }}
        idPrefix="edit"
        withAutoCertificate={canSetAutoCertificate}
      />

      <ResourcesPanel assessmentId={assessment.id} resources={assessment.resources} />

      {questionError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          {questionError}
        </Alert>
      ) : null}
      <QuestionListEditor
        questions={editing.questions}
        onChange={(questions) => setEditing((current) => ({ ...current, questions }))}
        allowedTypes={types}
        showErrors={showQuestionErrors}
        onAiGenerate={locked ? undefined : () => setAiOpen(true)}
        readOnly={locked}
        notice={lockNotice}
        toolbar={
          bank ? (
            <>
              {locked ? null : (
                <bank.AddFromBank
                  onAdd={(added) =>
                    setEditing((current) => ({
                      ...current,
                      questions: withUniqueIds([...current.questions, ...added]),
                    }))
                  }
                />
              )}
              <bank.ImportQuestions
                assessmentId={assessment.id}
                locked={locked}
                onImported={() => void takeImported()}
              />
              <bank.ExportQuestions
                assessmentId={assessment.id}
                title={assessment.title}
                count={server.count}
                unsaved={dirty}
              />
            </>
          ) : null
        }
        rowTools={
          bank
            ? (question, index, replace) => (
                <bank.SaveToBank question={question} number={index + 1} onLinked={replace} />
              )
            : undefined
        }
      />

      {bank && !(locked && editing.draws.length === 0) ? (
        // Locked: the rules are shown as they are, every control off (a disabled fieldset).
        <fieldset disabled={locked} className={classes.plain}>
          <bank.DrawRules
            draws={editing.draws}
            onChange={(draws) => setEditing((current) => ({ ...current, draws }))}
            questionCount={editing.questions.length}
            allowedTypes={types}
          />
        </fieldset>
      ) : null}

      <Group justify="flex-end">{saveButton}</Group>

      <AiGenerateDialog
        opened={aiOpen}
        onClose={() => setAiOpen(false)}
        defaults={{
          title: editing.details.title,
          subject: editing.details.subject,
          difficulty: editing.details.difficulty ?? 'Medium',
          language: editing.details.language,
        }}
        allowedTypes={types}
        initialTypes={(typesInUse.length > 0 ? typesInUse : types.slice(0, 1)).map((type) => ({
          type,
          count: 1,
        }))}
        onGenerated={appendGenerated}
      />
    </Stack>
  );
}
