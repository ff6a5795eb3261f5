import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { openConfirmModal } from '../../../../components/deferred/confirm-modal.ts';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconHistory,
  IconLock,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  validateQuestion,
  type AiGenerateResponse,
  type AssessmentUsage,
  type Question,
} from '@vbuilder/shared';
import { showToast } from '../../../../components/forms/show-toast.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useCreateAssessment } from '../../api/save-assessment.ts';
import { issuesOf, useFailureReason } from '../../hooks/use-failure-reason.ts';
import { useMessageText } from '../../hooks/use-message-text.ts';
import { usePlanName } from '../../hooks/use-plan-name.ts';
import { useStoredDraft } from '../../hooks/use-stored-draft.ts';
import { AiGeneratePanel } from '../ai-generate-panel.tsx';
import { AssessmentDetailsFields, PublishingChoice } from '../editor/assessment-details-fields.tsx';
import {
  checkAssessment,
  detailsFieldOf,
  toAssessmentInput,
  type DetailsField,
  type DetailsValues,
} from '../editor/details-values.ts';
import { QuestionListEditor, totalMarksOf, withUniqueIds } from '../editor/question-list-editor.tsx';
import { GenerationTypeStep } from './generation-type-step.tsx';
import { SelectTypesStep } from './select-types-step.tsx';
import {
  draftKey,
  emptyDraft,
  isWizardDraft,
  seedQuestions,
  WIZARD_STEPS,
  type WizardDraft,
} from './wizard-draft.ts';

export interface AssessmentWizardProps {
  userId: string;
  usage: AssessmentUsage;
  /** Defaults of a new assessment: the interface language, the teacher's name as instructor. */
  defaultLanguage: string;
  defaultInstructor: string;
  /** Where a created assessment is listed. */
  listPath: string;
  /** The creator may switch on automatic certificates (the organization's Administrators). */
  canSetAutoCertificate?: boolean;
}

type StepErrors = {
  types?: string;
  generation?: string;
  details: Partial<Record<DetailsField, string>>;
  /** Already in words: some messages need a count. */
  questions?: string;
};

const NO_ERRORS: StepErrors = { details: {} };

/** The id of the monthly-limit notice, which the disabled buttons point to for their reason. */
const LIMIT_REASON_ID = 'wizard-limit-reached';
/** The publish-or-draft choice of the last step, focused when Submit finds it unanswered. */
const PUBLISHING_ID = 'wizard-publishing';

/**
 * The assessment creation wizard (docs/product/screens.md): Select Questions, Choose Generation Type, Set
 * Assessment Details, Set Questions; Next and Back, Submit on the last step. Each step is checked
 * before the next opens, with the shared schema's messages at the fields. Everything typed is
 * kept in localStorage per user and comes back after a reload until the assessment is created.
 */
export function AssessmentWizard({
  userId,
  usage,
  defaultLanguage,
  defaultInstructor,
  listPath,
  canSetAutoCertificate = false,
}: AssessmentWizardProps) {
  const { t, i18n } = useTranslation(['assessmentEditor', 'assessments']);
  const navigate = useNavigate();
  const messageText = useMessageText();
  const failureReason = useFailureReason(usage.plan.name);
  const planName = usePlanName();
  const create = useCreateAssessment();
  const initial = useCallback(
    () => emptyDraft(defaultLanguage, defaultInstructor),
    [defaultLanguage, defaultInstructor],
  );
  const { draft, setDraft, restored, discard, clear } = useStoredDraft(
    draftKey(userId),
    initial,
    isWizardDraft,
  );
  const [errors, setErrors] = useState<StepErrors>(NO_ERRORS);
  const [showQuestionErrors, setShowQuestionErrors] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [noticeOpen, setNoticeOpen] = useState(restored);
  const panelRef = useRef<HTMLDivElement>(null);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  const allowedTypes = usage.plan.allowedTypes;
  // At the monthly limit (the wizard reached by its address): said on the first step, and nothing
  // goes on (no Next, no AI call, no Submit) to a save that would fail.
  const atLimit = usage.limitReached;
  const [publishError, setPublishError] = useState(false);
  const step = draft.step;
  const last = WIZARD_STEPS.length - 1;
  const details: DetailsValues = useMemo(
    () => ({ ...initial().details, ...draft.details }),
    [draft.details, initial],
  );

  const patch = (change: Partial<WizardDraft>) => setDraft((current) => ({ ...current, ...change }));

  /** Puts the focus on the first field with a message (after it renders). */
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => {
      const invalid = panelRef.current?.querySelector<HTMLElement>(
        '[aria-invalid="true"], [data-step-error]',
      );
      invalid?.focus();
    });

  const goTo = (next: number) => {
    setErrors(NO_ERRORS);
    setFailure(null);
    // Manual questions start as one empty question per chosen type.
    const seeding = next === last && draft.generationType === 'manual' && draft.questions.length === 0;
    setDraft((current) => ({
      ...current,
      step: next,
      questions: seeding ? seedQuestions(current.types) : current.questions,
    }));
    requestAnimationFrame(() => panelRef.current?.querySelector<HTMLElement>('h2')?.focus());
  };

  /** What is wrong with a step's values (the questions step is judged by Submit). */
  const findStepErrors = (index: number): StepErrors => {
    const found: StepErrors = { details: {} };
    if (index === 0 && draft.types.length === 0) found.types = 'assessments.ai.typesRequired';
    if (index === 1 && !draft.generationType)
      found.generation = 'assessmentEditor.errors.generationTypeRequired';
    if (index === 2) found.details = checkAssessment(details, draft.generationType ?? 'manual', []).details;
    return found;
  };

  /** The current step's problems, shown at its fields; true when there are none. */
  const checkStep = (index: number): boolean => {
    const found = findStepErrors(index);
    setErrors(found);
    const ok = !found.types && !found.generation && Object.keys(found.details).length === 0;
    if (!ok) focusFirstInvalid();
    return ok;
  };

  // Once shown, messages follow the values: a fixed field clears at once.
  const shown =
    errors.types ?? errors.generation ?? (Object.keys(errors.details).length > 0 || errors.questions);
  useEffect(() => {
    if (!shown) return;
    const found = findStepErrors(step);
    let questions = errors.questions;
    if (questions && draft.questions.length > 0) {
      const invalid = draft.questions.filter((question) => validateQuestion(question).length > 0).length;
      questions = invalid > 0 ? t('assessmentEditor:wizard.questions.fix', { count: invalid }) : undefined;
    }
    setErrors({ ...found, questions });
    // Recomputed when the values change, not when the messages or the step do (a server's messages
    // stay until their field is edited).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft.types, draft.generationType, draft.details, draft.questions]);

  const submit = async () => {
    setFailure(null);
    const generationType = draft.generationType ?? 'manual';
    if (draft.questions.length === 0 && generationType === 'ai') {
      setErrors({ details: {}, questions: messageText('assessments.ai.generateFirst') });
      focusFirstInvalid();
      return;
    }
    const result = checkAssessment(details, generationType, draft.questions);
    if (Object.keys(result.details).length > 0) {
      // Back to the details, with their messages.
      goTo(2);
      setErrors({ details: result.details });
      focusFirstInvalid();
      return;
    }
    const invalidQuestions = draft.questions.filter(
      (question) => validateQuestion(question).length > 0,
    ).length;
    if (invalidQuestions > 0 || result.questionList) {
      setShowQuestionErrors(true);
      setErrors({
        details: {},
        questions:
          result.questionList ?? t('assessmentEditor:wizard.questions.fix', { count: invalidQuestions }),
      });
      return;
    }
    // No silent default: a draft is invisible to students, so the teacher says which it is.
    const publish = draft.publish ?? null;
    if (!publish) {
      setPublishError(true);
      document.getElementById(PUBLISHING_ID)?.querySelector('input')?.focus();
      return;
    }
    try {
      const created = await create.mutateAsync(
        toAssessmentInput({ ...details, status: publish }, generationType, draft.questions),
      );
      clear();
      // Say whether students can see it: a draft is invisible to them until it is published.
      showToast(
        'success',
        t('assessmentEditor:wizard.created', { title: created.title }),
        t(`assessmentEditor:wizard.createdAs.${created.status === 'published' ? 'published' : 'draft'}`),
      );
      void navigate(listPath);
    } catch (error) {
      const reason = failureReason(error);
      setFailure(reason);
      showToast('failure', reason, t('assessmentEditor:wizard.createFailed'));
      const issues = issuesOf(error);
      const detailErrors: Partial<Record<DetailsField, string>> = {};
      for (const issue of issues) {
        const field = detailsFieldOf(issue.path);
        if (field) detailErrors[field] ??= issue.message;
      }
      if (Object.keys(detailErrors).length > 0) {
        goTo(2);
        setErrors({ details: detailErrors });
        focusFirstInvalid();
      } else if (issues.some((issue) => issue.path[0] === 'questions')) {
        setShowQuestionErrors(true);
      }
    }
  };

  const confirmDiscard = () =>
    openConfirmModal({
      title: t('assessmentEditor:wizard.draft.discardTitle'),
      children: <Text size="sm">{t('assessmentEditor:wizard.draft.discardBody')}</Text>,
      labels: {
        confirm: t('assessmentEditor:wizard.draft.discard'),
        cancel: t('assessmentEditor:wizard.cancel'),
      },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: () => {
        discard();
        setNoticeOpen(false);
        setErrors(NO_ERRORS);
        setShowQuestionErrors(false);
      },
    });

  const appendGenerated = (response: AiGenerateResponse) => {
    setDraft((current) => ({
      ...current,
      questions: withUniqueIds([...current.questions, ...response.questions]),
    }));
    setErrors(NO_ERRORS);
  };

  const stepLabels = WIZARD_STEPS.map((name) => t(`assessmentEditor:wizard.steps.${name}`));
  const questionError = errors.questions ?? null;

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('assessmentEditor:wizard.title')}
      </Title>

      {noticeOpen ? (
        <Alert color="blue" variant="light" icon={<IconHistory size={20} aria-hidden />} role="status">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('assessmentEditor:wizard.draft.restored')}</Text>
            <Group gap="xs">
              <Button size="compact-sm" variant="default" onClick={() => setNoticeOpen(false)}>
                {t('assessmentEditor:wizard.draft.keep')}
              </Button>
              <Button size="compact-sm" color="red" variant="light" onClick={confirmDiscard}>
                {t('assessmentEditor:wizard.draft.discard')}
              </Button>
            </Group>
          </Group>
        </Alert>
      ) : null}

      {atLimit ? (
        <Alert
          id={LIMIT_REASON_ID}
          color="orange"
          variant="light"
          icon={<IconLock size={20} aria-hidden />}
          title={t('assessmentEditor:errors.upgrade', { packageName: planName(usage.plan.name) })}
        >
          {t('assessmentEditor:wizard.limitReached', {
            date: formatDate(usage.resetsAt, i18n.resolvedLanguage),
          })}
        </Alert>
      ) : null}

      <Stepper
        active={step}
        onStepClick={(index) => index < step && goTo(index)}
        allowNextStepsSelect={false}
        size="sm"
        iconSize={32}
        wrap
      >
        {stepLabels.map((label, index) => {
          const position = t('assessmentEditor:wizard.stepOf', {
            number: index + 1,
            total: stepLabels.length,
          });
          // On a phone the steps are numbers only; the panel's heading names the current one.
          return (
            <Stepper.Step
              key={WIZARD_STEPS[index]}
              label={phone ? undefined : label}
              description={phone ? undefined : position}
              aria-label={`${label}, ${position}`}
            />
          );
        })}
      </Stepper>

      <Paper
        ref={panelRef}
        withBorder
        radius="lg"
        p={{ base: 'sm', sm: 'xl' }}
        component="section"
        aria-labelledby="wizard-step-title"
      >
        <Title id="wizard-step-title" order={2} size="h3" tabIndex={-1} mb="md">
          {stepLabels[step]}
        </Title>
        {step === 0 ? (
          <SelectTypesStep
            allowedTypes={allowedTypes}
            value={draft.types}
            onChange={(types) => patch({ types })}
            error={errors.types ? messageText(errors.types) : undefined}
          />
        ) : null}
        {step === 1 ? (
          <GenerationTypeStep
            value={draft.generationType}
            onChange={(generationType) => {
              // Generated questions belong to the AI path; seeded ones to the manual path.
              patch({
                generationType,
                questions: generationType === draft.generationType ? draft.questions : [],
              });
            }}
            error={errors.generation ? messageText(errors.generation) : undefined}
          />
        ) : null}
        {step === 2 ? (
          <Stack gap="md">
            <AssessmentDetailsFields
              values={details}
              onChange={(change) => patch({ details: { ...details, ...change } })}
              errors={errors.details}
              totalMarks={totalMarksOf(draft.questions)}
              idPrefix="wizard"
              withPublishing={false}
              withAutoCertificate={canSetAutoCertificate}
            />
          </Stack>
        ) : null}
        {step === 3 ? (
          <Stack gap="lg">
            {draft.generationType === 'ai' ? (
              <AiGeneratePanel
                defaults={{
                  title: details.title,
                  subject: details.subject,
                  difficulty: details.difficulty ?? 'Medium',
                  language: details.language,
                }}
                allowedTypes={allowedTypes}
                initialTypes={draft.types}
                onGenerated={appendGenerated}
                disabled={atLimit}
                disabledReasonId={LIMIT_REASON_ID}
              />
            ) : null}
            {questionError ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle size={20} aria-hidden />}
                role="alert"
                tabIndex={-1}
                data-step-error
              >
                {questionError}
              </Alert>
            ) : null}
            {draft.generationType === 'ai' && draft.questions.length === 0 ? null : (
              <QuestionListEditor
                questions={draft.questions}
                onChange={(questions: Question[]) => patch({ questions })}
                allowedTypes={allowedTypes}
                showErrors={showQuestionErrors}
                headingOrder={3}
              />
            )}
            <PublishingChoice
              id={PUBLISHING_ID}
              value={draft.publish ?? null}
              onChange={(publish) => {
                patch({ publish });
                setPublishError(false);
              }}
              error={publishError ? t('assessmentEditor:wizard.publishingRequired') : undefined}
              required
            />
          </Stack>
        ) : null}
      </Paper>

      {failure ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} aria-hidden />}
          role="alert"
          title={t('assessmentEditor:wizard.createFailed')}
        >
          <List size="sm">
            <List.Item>{failure}</List.Item>
          </List>
        </Alert>
      ) : null}

      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => goTo(step - 1)}
          disabled={step === 0 || create.isPending}
        >
          {t('assessmentEditor:wizard.back')}
        </Button>
        {step < last ? (
          <Button
            rightSection={<IconArrowRight size={16} aria-hidden />}
            onClick={() => checkStep(step) && goTo(step + 1)}
            disabled={atLimit}
            aria-describedby={atLimit ? LIMIT_REASON_ID : undefined}
          >
            {t('assessmentEditor:wizard.next')}
          </Button>
        ) : (
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => void submit()}
            loading={create.isPending}
            disabled={atLimit}
            aria-describedby={atLimit ? LIMIT_REASON_ID : undefined}
          >
            {t('assessmentEditor:wizard.submit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
