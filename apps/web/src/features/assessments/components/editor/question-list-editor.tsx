import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { openConfirmModal } from '../../../../components/deferred/confirm-modal.ts';
import { IconSparkles } from '@tabler/icons-react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import {
  newPartId,
  newQuestion,
  validateQuestion,
  type Question,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { useDndAccessibility } from '../../../../components/questions/players/common/use-dnd-accessibility.ts';
import { AddQuestionControl } from './add-question-control.tsx';
import { QuestionRow, type MoveButton } from './question-row.tsx';
import classes from './question-list-editor.module.css';

export interface QuestionListEditorProps {
  questions: Question[];
  onChange(questions: Question[]): void;
  /** The plan's question types: others show disabled with their tier. */
  allowedTypes: readonly QuestionTypeId[];
  /** After a refused submit: every question shows its messages, and the first with problems opens. */
  showErrors?: boolean;
  /** Opens the AI generator ('AI-generate more'); absent: no such button. */
  onAiGenerate?: () => void;
  /** Shown instead of the list while it is empty. */
  emptyState?: ReactNode;
  /** The heading level of the list's title inside its page. */
  headingOrder?: 2 | 3;
  /** More ways to add questions, beside the type picker (the question bank's "Add from bank"). */
  toolbar?: ReactNode;
  /** More buttons on each question (the question bank's "Save to bank"); `replace` swaps the question. */
  rowTools?: (question: Question, index: number, replace: (question: Question) => void) => ReactNode;
  /**
   * The questions are locked (a student has started the assessment): shown to read and preview
   * only, without adding, AI generation, moving, duplicating, deleting, editing or row tools.
   * `toolbar` is still shown (the editor gives what stays useful, e.g. Export).
   */
  readOnly?: boolean;
  /** Shown under the list's heading, above the questions (the editor's "questions are locked" alert). */
  notice?: ReactNode;
}

/** The sum of the question scores: an assessment's total marks (never typed). */
export const totalMarksOf = (questions: readonly Question[]) =>
  questions.reduce((sum, question) => sum + (typeof question.score === 'number' ? question.score : 0), 0);

/** The questions with ids made unique (generated or pasted questions may repeat an id already used). */
export function withUniqueIds(questions: readonly Question[]): Question[] {
  const seen = new Set<string>();
  return questions.map((question) => {
    let id = question.id;
    while (seen.has(id)) id = newPartId();
    seen.add(id);
    return id === question.id ? question : { ...question, id };
  });
}

type FocusTarget = { id: string; button: MoveButton | 'toggle' | 'text' };

/**
 * The questions of an assessment, in order: collapsed rows (number, type, text excerpt, marks,
 * a badge when the question still has problems) that open one at a time into the question editor.
 * Questions are added by type (the plan's types only), duplicated, deleted after a confirmation
 * and reordered by dragging the grip, by the keyboard on the grip (dnd-kit's keyboard sensor), or
 * with Move up / Move down, which keep the focus on the moved question and announce its new place.
 * The total marks follow every change.
 */
export function QuestionListEditor({
  questions,
  onChange,
  allowedTypes,
  showErrors = false,
  onAiGenerate,
  emptyState,
  headingOrder = 2,
  toolbar,
  rowTools,
  readOnly = false,
  notice,
}: QuestionListEditorProps) {
  const { t } = useTranslation(['assessmentEditor', 'common']);
  const [openId, setOpenId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLElement>());
  const pendingFocus = useRef<FocusTarget | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const issueCounts = useMemo(
    () => questions.map((question) => validateQuestion(question).length),
    [questions],
  );
  const total = totalMarksOf(questions);
  const ids = useMemo(() => questions.map((question) => question.id), [questions]);

  // A refused submit opens the first question that needs work.
  useEffect(() => {
    if (!showErrors) return;
    const first = questions.findIndex((_, i) => (issueCounts[i] ?? 0) > 0);
    if (first >= 0) setOpenId(questions[first]!.id);
    // Only when the flag is raised, not on every edit afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showErrors]);

  // Focus follows the question that moved, opened or was added.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target.button === 'text') {
      listRef.current
        ?.querySelector<HTMLElement>(`[data-question-id="${CSS.escape(target.id)}"] textarea`)
        ?.focus();
      return;
    }
    const index = ids.indexOf(target.id);
    let button = target.button;
    // A question that reached an end has its pressed button disabled: focus the other one.
    if (button === 'up' && index === 0) button = 'down';
    else if (button === 'down' && index === ids.length - 1) button = 'up';
    buttons.current.get(`${target.id}:${button}`)?.focus();
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const itemName = useCallback(
    (id: UniqueIdentifier) =>
      t('assessmentEditor:list.questionNumber', { number: ids.indexOf(String(id)) + 1 }),
    [ids, t],
  );
  const placeName = useCallback(
    (id: UniqueIdentifier) =>
      t('assessmentEditor:list.position', { position: ids.indexOf(String(id)) + 1, total: ids.length }),
    [ids, t],
  );
  const homeOf = useCallback((id: UniqueIdentifier) => id, []);
  const accessibility = useDndAccessibility(itemName, placeName, homeOf);

  const update = (index: number, question: Question) =>
    onChange(questions.map((current, i) => (i === index ? question : current)));

  // A question used from the bank by reference follows the bank: edited here, it becomes the
  // assessment's own copy (the server would otherwise put the bank's content back).
  const edit = (index: number, question: Question) => {
    if (!question.bankRef) return update(index, question);
    const { bankRef: _bankRef, ...copy } = question;
    update(index, copy);
  };

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= questions.length) return;
    onChange(arrayMove(questions, from, to));
    setAnnouncement(
      t('assessmentEditor:list.moved', { from: from + 1, position: to + 1, total: questions.length }),
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  const add = (type: QuestionTypeId) => {
    const question = newQuestion(type, freshId(ids));
    onChange([...questions, question]);
    setOpenId(question.id);
    pendingFocus.current = { id: question.id, button: 'text' };
    setAnnouncement(t('assessmentEditor:list.added', { number: questions.length + 1 }));
  };

  const duplicate = (index: number) => {
    const copy = { ...structuredClone(questions[index]!), id: freshId(ids) };
    onChange([...questions.slice(0, index + 1), copy, ...questions.slice(index + 1)]);
    pendingFocus.current = { id: copy.id, button: 'toggle' };
    setAnnouncement(t('assessmentEditor:list.duplicated', { number: index + 1, copy: index + 2 }));
  };

  const remove = (index: number) =>
    openConfirmModal({
      title: t('assessmentEditor:list.deleteTitle', { number: index + 1 }),
      children: <Text size="sm">{t('assessmentEditor:list.deleteBody')}</Text>,
      labels: {
        confirm: t('assessmentEditor:list.deleteConfirm'),
        cancel: t('assessmentEditor:list.cancel'),
      },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: () => {
        const removed = questions[index]!;
        onChange(questions.filter((_, i) => i !== index));
        if (openId === removed.id) setOpenId(null);
        setAnnouncement(t('assessmentEditor:list.deleted', { number: index + 1 }));
        // The focus goes to the question that took its place, or the one before.
        const next = questions[index + 1] ?? questions[index - 1];
        if (next) pendingFocus.current = { id: next.id, button: 'toggle' };
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" align="baseline">
          <Title order={headingOrder} size="h3">
            {t('assessmentEditor:list.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('assessmentEditor:list.count', { count: questions.length })}
          </Text>
        </Group>
        <Text fw={600} role="status" aria-live="polite">
          {t('assessmentEditor:list.total', { total })}
        </Text>
      </Group>
      {notice}

      {questions.length === 0 ? (
        (emptyState ?? (
          <Paper withBorder radius="md" p="lg" ta="center">
            <Text c="gray.7">{t('assessmentEditor:list.empty')}</Text>
          </Paper>
        ))
      ) : (
        <DndContext
          id="question-list"
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={accessibility}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol ref={listRef} className={classes.list} aria-label={t('assessmentEditor:list.title')}>
              {questions.map((question, index) => (
                <QuestionRow
                  key={question.id}
                  question={question}
                  index={index}
                  count={questions.length}
                  open={openId === question.id}
                  issueCount={issueCounts[index] ?? 0}
                  showErrors={showErrors}
                  onToggle={() => {
                    setOpenId(openId === question.id ? null : question.id);
                    pendingFocus.current = { id: question.id, button: 'toggle' };
                  }}
                  onChange={(next) => edit(index, next)}
                  tools={readOnly ? null : rowTools?.(question, index, (next) => update(index, next))}
                  readOnly={readOnly}
                  onMove={(which) => {
                    pendingFocus.current = { id: question.id, button: which };
                    move(index, which === 'up' ? index - 1 : index + 1);
                  }}
                  onDuplicate={() => duplicate(index)}
                  onDelete={() => remove(index)}
                  buttonRef={(button, which) => {
                    if (button) buttons.current.set(`${question.id}:${which}`, button);
                    else buttons.current.delete(`${question.id}:${which}`);
                  }}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}

      <Group justify="space-between" gap="sm" align="flex-end">
        <Group gap="sm" align="flex-end">
          {readOnly ? null : <AddQuestionControl allowedTypes={allowedTypes} onAdd={add} />}
          {toolbar}
        </Group>
        {onAiGenerate && !readOnly ? (
          <Button variant="light" leftSection={<IconSparkles size={16} aria-hidden />} onClick={onAiGenerate}>
            {t('assessmentEditor:list.aiMore')}
          </Button>
        ) : null}
      </Group>
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}

function freshId(taken: readonly string[]): string {
  let id = newPartId();
  while (taken.includes(id)) id = newPartId();
  return id;
}
