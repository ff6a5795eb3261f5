import type { CSSProperties, ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronUp,
  IconCopy,
  IconGripVertical,
  IconLink,
  IconTrash,
} from '@tabler/icons-react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { getQuestionType, type Question } from '@vbuilder/shared';
import { QuestionEditor } from '../../../../components/questions/editors/question-editor.tsx';
import { QuestionPreview } from '../../../../components/questions/preview/question-preview.tsx';
import classes from './question-list-editor.module.css';

export type MoveButton = 'up' | 'down';

export interface QuestionRowProps {
  question: Question;
  index: number;
  count: number;
  open: boolean;
  /** validateQuestion's problems with it (0: ready). */
  issueCount: number;
  /** Show its messages at once (after a refused submit). */
  showErrors: boolean;
  onToggle(): void;
  onChange(question: Question): void;
  onMove(which: MoveButton): void;
  onDuplicate(): void;
  onDelete(): void;
  buttonRef(button: HTMLButtonElement | null, which: MoveButton | 'toggle'): void;
  /** More buttons for this question (the question bank's "Save to bank"). */
  tools?: ReactNode;
  /**
   * Its questions are locked (a student has started the assessment): no moving, duplicating,
   * deleting or editing; it opens into a preview a teacher can answer instead of the editor.
   */
  readOnly?: boolean;
}

const EXCERPT_LENGTH = 140;

/** One question of the list: a summary row that opens into the question editor. */
export function QuestionRow({
  question,
  index,
  count,
  open,
  issueCount,
  showErrors,
  onToggle,
  onChange,
  onMove,
  onDuplicate,
  onDelete,
  buttonRef,
  tools,
  readOnly = false,
}: QuestionRowProps) {
  const { t } = useTranslation(['assessmentEditor', 'questionTypes', 'questions']);
  const number = index + 1;
  const type = getQuestionType(question.type);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: question.id, attributes: { roleDescription: t('questions:players.dnd.sortable') } });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const text = question.text.trim();
  const excerpt = text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
  const bodyId = `question-${question.id}-editor`;
  const headingId = `question-${question.id}-heading`;

  return (
    <li
      ref={setNodeRef}
      style={style}
      className={classes.row}
      data-open={open || undefined}
      data-dragging={isDragging || undefined}
      aria-labelledby={headingId}
      data-question-id={question.id}
    >
      <div className={classes.header}>
        {readOnly ? null : (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="lg"
            className={classes.handle}
            {...attributes}
            {...listeners}
            aria-label={t('assessmentEditor:list.drag', { number })}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
        )}
        <Text className={classes.number} aria-hidden>
          {number}
        </Text>
        <div className={classes.summary}>
          <Group gap={6} wrap="wrap">
            <Badge variant="light" radius="sm" size="sm" tt="none" color="indigo">
              {t(type.labelKey)}
            </Badge>
            <Text size="xs" c="gray.7">
              {t('assessmentEditor:list.marks', { count: question.score ?? 0 })}
            </Text>
            {question.bankRef ? (
              <Badge
                variant="light"
                color="teal"
                radius="sm"
                size="sm"
                tt="none"
                leftSection={<IconLink size={12} aria-hidden />}
              >
                {t('assessmentEditor:list.linked')}
              </Badge>
            ) : null}
            {issueCount > 0 ? (
              <Badge
                variant="light"
                color="red"
                radius="sm"
                size="sm"
                tt="none"
                leftSection={<IconAlertTriangle size={12} aria-hidden />}
              >
                {t('assessmentEditor:list.issues', { count: issueCount })}
              </Badge>
            ) : null}
          </Group>
          <Text
            id={headingId}
            size="sm"
            fw={text ? 500 : 400}
            fs={text ? undefined : 'italic'}
            c={text ? undefined : 'gray.7'}
            className={classes.excerpt}
          >
            <VisuallyHidden component="span">
              {t('assessmentEditor:list.questionNumber', { number })}{' '}
            </VisuallyHidden>
            {excerpt || t('assessmentEditor:list.noText')}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap" className={classes.actions}>
          {tools}
          {readOnly ? null : (
            <>
              <ActionIcon
                ref={(button: HTMLButtonElement | null) => buttonRef(button, 'up')}
                variant="default"
                size="lg"
                disabled={index === 0}
                aria-label={t('assessmentEditor:list.moveUp', { number })}
                onClick={() => onMove('up')}
              >
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                ref={(button: HTMLButtonElement | null) => buttonRef(button, 'down')}
                variant="default"
                size="lg"
                disabled={index === count - 1}
                aria-label={t('assessmentEditor:list.moveDown', { number })}
                onClick={() => onMove('down')}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
              <Tooltip label={t('assessmentEditor:list.duplicate', { number })} withArrow>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('assessmentEditor:list.duplicate', { number })}
                  onClick={onDuplicate}
                >
                  <IconCopy size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('assessmentEditor:list.delete', { number })} withArrow>
                <ActionIcon
                  variant="default"
                  size="lg"
                  color="red"
                  aria-label={t('assessmentEditor:list.delete', { number })}
                  onClick={onDelete}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          )}
          <Button
            ref={(button: HTMLButtonElement | null) => buttonRef(button, 'toggle')}
            variant={open ? 'filled' : 'light'}
            size="compact-md"
            rightSection={
              open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
            }
            aria-expanded={open}
            aria-controls={open ? bodyId : undefined}
            aria-label={
              readOnly
                ? open
                  ? t('assessmentEditor:list.closePreview', { number })
                  : t('assessmentEditor:list.preview', { number })
                : open
                  ? t('assessmentEditor:list.close', { number })
                  : t('assessmentEditor:list.edit', { number })
            }
            onClick={onToggle}
          >
            {readOnly
              ? open
                ? t('assessmentEditor:list.closeShort')
                : t('assessmentEditor:list.previewShort')
              : open
                ? t('assessmentEditor:list.done')
                : t('assessmentEditor:list.editShort')}
          </Button>
        </Group>
      </div>
      {open ? (
        <div id={bodyId} className={classes.body}>
          {readOnly ? (
            <QuestionPreview question={question} idPrefix={`locked-${question.id}`} headingOrder={4} />
          ) : (
            <QuestionEditor question={question} onChange={onChange} showErrors={showErrors} />
          )}
        </div>
      ) : null}
    </li>
  );
}
