import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, Divider, Group, List, NumberInput, Stack, Textarea } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDeviceFloppy,
  IconListCheck,
  IconPhoto,
} from '@tabler/icons-react';
import {
  getQuestionType,
  questionErrors,
  validateQuestion,
  QUESTION_INSTRUCTIONS_MAX,
  QUESTION_SCORE_MAX,
  QUESTION_SCORE_MIN,
  QUESTION_TEXT_MAX,
  type Question,
} from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { useErrorText, useFieldErrors } from './editor-utils.ts';
import { componentsOf } from '../family-components.tsx';
import { ImageField } from './image-field.tsx';

export interface QuestionEditorProps {
  question: Question;
  onChange(question: Question): void;
  /**
   * Called with the question once it passes the docs/product/validation.md checks. Without it the editor offers
   * "Check question" only (the caller saves some other way, e.g. with its assessment).
   */
  onSave?(question: Question): void | Promise<void>;
  /** The caller's save is in flight: the Save button shows it and waits. */
  saving?: boolean;
  /** Extra buttons beside Save (Cancel, Preview…). */
  actions?: ReactNode;
  /** Show messages from the start (reopening a question that was refused). */
  showErrors?: boolean;
}

/**
 * One question as a teacher writes it: the question text, score, instructions, an image (address
 * or upload), and below them the editor of the type's family. Messages appear when the teacher
 * presses Save or Check question and then follow every edit, so a fixed field clears at once.
 * Validation is `validateQuestion` from @vbuilder/shared, the same rules the API applies.
 */
export function QuestionEditor({
  question,
  onChange,
  onSave,
  saving = false,
  actions,
  showErrors = false,
}: QuestionEditorProps) {
  const { t } = useTranslation(['questions', 'questionTypes']);
  const type = getQuestionType(question.type);
  const FamilyEditor = componentsOf(question.type).Editor;
  const [checked, setChecked] = useState(showErrors);
  const [outcome, setOutcome] = useState<'valid' | 'invalid' | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [imageOpen, setImageOpen] = useState(() => type.withImage || Boolean(question.imageUrl));

  const issues = useMemo(() => validateQuestion(question), [question]);
  const errors = useMemo(() => (checked ? questionErrors(issues) : {}), [checked, issues]);
  const errorFor = useFieldErrors(errors);
  const errorText = useErrorText();

  // After a failed Save the teacher lands on the first field to fix (or the summary).
  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? summaryRef.current)?.focus();
  }, [focusRequest]);

  // An image question keeps its image field open; so does a question that has an image.
  useEffect(() => {
    if (question.imageUrl || errors.imageUrl) setImageOpen(true);
  }, [question.imageUrl, errors.imageUrl]);

  const change = (next: Question) => {
    setOutcome(null);
    onChange(next);
  };

  const submit = async (save: boolean) => {
    setChecked(true);
    if (issues.length > 0) {
      setOutcome('invalid');
      setFocusRequest((n) => n + 1);
      return;
    }
    setOutcome('valid');
    if (save && onSave) await onSave(question);
  };

  // Every distinct message, including those no field shows (e.g. a config that is not an object).
  const summary = [...new Set(issues.map((issue) => errorText(issue.message)))];

  return (
    <Stack gap="lg" ref={rootRef}>
      <Group gap="xs">
        <Badge variant="light" radius="sm" size="lg" style={{ textTransform: 'none' }}>
          {t(type.labelKey)}
        </Badge>
      </Group>

      <Textarea
        label={t('questions:editors.common.text')}
        placeholder={t('questions:editors.common.textPlaceholder')}
        required
        autosize
        minRows={2}
        maxRows={12}
        maxLength={QUESTION_TEXT_MAX}
        value={question.text ?? ''}
        onChange={(event) => change({ ...question, text: event.currentTarget.value })}
        error={errorFor('text')}
      />

      <Group align="flex-start" gap="lg" wrap="wrap">
        <NumberInput
          label={t('questions:editors.common.score')}
          description={t('questions:editors.common.scoreHint', {
            min: QUESTION_SCORE_MIN,
            max: QUESTION_SCORE_MAX,
          })}
          required
          min={QUESTION_SCORE_MIN}
          max={QUESTION_SCORE_MAX}
          step={0.5}
          decimalScale={1}
          allowNegative={false}
          value={question.score ?? ''}
          onChange={(value) => {
            if (typeof value === 'number') return change({ ...question, score: value });
            // Emptied: left out, so the check says the score is missing.
            const { score: _cleared, ...rest } = question;
            change(rest as Question);
          }}
          error={errorFor('score')}
          w={{ base: '100%', xs: 200 }}
        />
        <Textarea
          label={t('questions:editors.common.instructions')}
          description={t('questions:editors.common.instructionsHint')}
          placeholder={t(type.instructionsKey)}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={QUESTION_INSTRUCTIONS_MAX}
          value={question.instructions ?? ''}
          onChange={(event) => {
            const instructions = event.currentTarget.value;
            // Empty instructions mean the type's default ones, which students read in their language.
            const { instructions: _old, ...rest } = question;
            change(instructions === '' ? (rest as Question) : { ...question, instructions });
          }}
          error={errorFor('instructions')}
          style={{ flex: '1 1 280px' }}
        />
      </Group>

      {imageOpen ? (
        <ImageField
          id={`${question.id}-image`}
          label={
            type.withImage ? t('questions:editors.common.imageRequired') : t('questions:editors.common.image')
          }
          value={question.imageUrl}
          onChange={(imageUrl) => change({ ...question, imageUrl })}
          error={errorFor('imageUrl')}
        />
      ) : (
        <Box>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPhoto size={16} aria-hidden />}
            onClick={() => setImageOpen(true)}
          >
            {t('questions:editors.common.addImage')}
          </Button>
        </Box>
      )}

      <Divider label={t('questions:editors.common.answerSection')} labelPosition="left" />

      <FamilyEditor question={question} onChange={change} errors={errors} />

      {outcome === 'invalid' && issues.length > 0 && (
        <Alert
          ref={summaryRef}
          tabIndex={-1}
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('questions:editors.common.fixBeforeSaving', { count: summary.length })}
          role="alert"
        >
          <List size="sm" spacing={2}>
            {summary.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {outcome === 'valid' && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {onSave ? t('questions:editors.common.validSaving') : t('questions:editors.common.valid')}
        </Alert>
      )}

      <Group justify="flex-end" gap="sm">
        {actions}
        <Button
          variant={onSave ? 'default' : 'filled'}
          leftSection={<IconListCheck size={16} aria-hidden />}
          onClick={() => void submit(false)}
          disabled={saving}
        >
          {t('questions:editors.common.validate')}
        </Button>
        {onSave && (
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => void submit(true)}
            loading={saving}
          >
            {t('questions:editors.common.save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
