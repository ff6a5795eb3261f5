import { Badge, Blockquote, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEye, IconPencil, IconQuote } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getQuestionType, type AiCard, type Question } from '@vbuilder/shared';
import { QuestionEditor } from '../../../../components/questions/editors/question-editor.tsx';
import { QuestionPreview } from '../../../../components/questions/preview/question-preview.tsx';

export interface AssistantCardProps {
  card: AiCard;
  /** The teacher's edited version, when edited. */
  edited: Question | null;
  /** 1-based, as the teacher counts. */
  index: number;
  idPrefix: string;
  selected: boolean;
  onSelect(selected: boolean): void;
  onEdit(question: Question): void;
}

/**
 * One generated question as a card: select it, try it as a student would (the preview the
 * assessment editor uses) or edit it (the same question editor), and read the source passage it
 * comes from. Edits stay on this screen until the card is added to an assessment.
 */
export function AssistantCard({
  card,
  edited,
  index,
  idPrefix,
  selected,
  onSelect,
  onEdit,
}: AssistantCardProps) {
  const { t } = useTranslation(['aiAssistant', 'questionTypes']);
  const [editing, setEditing] = useState(false);
  const question = edited ?? card.question;
  const type = getQuestionType(question.type);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="article">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Checkbox
              checked={selected}
              onChange={(event) => onSelect(event.currentTarget.checked)}
              aria-label={t('cards.select', { index })}
              label={<Text fw={600}>{index}.</Text>}
            />
            <Badge variant="light" color="indigo">
              {t(type.labelKey)}
            </Badge>
            {edited ? (
              <Badge variant="outline" color="teal.9">
                {t('cards.edited')}
              </Badge>
            ) : null}
          </Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={editing ? <IconEye size={16} aria-hidden /> : <IconPencil size={16} aria-hidden />}
            onClick={() => setEditing((on) => !on)}
            aria-pressed={editing}
          >
            {editing ? t('cards.preview') : t('cards.edit')}
          </Button>
        </Group>
        {editing ? (
          <QuestionEditor question={question} onChange={onEdit} />
        ) : (
          <QuestionPreview question={question} idPrefix={`${idPrefix}-q${index}`} headingOrder={4} />
        )}
        {card.passage ? (
          <Blockquote
            color="gray"
            p="sm"
            icon={<IconQuote size={16} aria-hidden />}
            iconSize={28}
            cite={t('cards.passage')}
          >
            <Text size="sm">{card.passage}</Text>
          </Blockquote>
        ) : (
          <Text size="sm" c="gray.7">
            {t('cards.noPassage')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
