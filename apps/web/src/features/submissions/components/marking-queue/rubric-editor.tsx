import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  RUBRIC_LIMITS,
  SaveRubricSchema,
  rubricMaxPoints,
  type QuestionRubric,
  type RubricCriterion,
} from '@vbuilder/shared';
import { errorCodeOf } from '../../../../lib/api-errors.ts';
import { useDeleteRubric, useSaveRubric } from '../../api/marking-queue.ts';
import { newRubricId } from '../../lib/marking-queue.ts';
import { formatPoints } from '../../lib/numbers.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  assessmentId: string;
  questionId: string;
  questionLabel: string;
  /** The question's points: the rubric's best levels must not add up to more. */
  max: number;
  rubric: QuestionRubric | null;
}

/** Editable copy: points may be empty while typing. */
interface DraftLevel {
  id: string;
  points: number | '';
  description: string;
}
interface DraftCriterion {
  id: string;
  title: string;
  levels: DraftLevel[];
}

const starter = (max: number): DraftCriterion[] => [
  {
    id: newRubricId('c'),
    title: '',
    levels: [
      { id: newRubricId('l'), points: 0, description: '' },
      { id: newRubricId('l'), points: Math.floor(max / 2), description: '' },
      { id: newRubricId('l'), points: max, description: '' },
    ],
  },
];

const toDraft = (criteria: readonly RubricCriterion[]): DraftCriterion[] =>
  criteria.map((c) => ({ ...c, levels: c.levels.map((l) => ({ ...l })) }));

const asCriteria = (draft: DraftCriterion[]): RubricCriterion[] =>
  draft.map((c) => ({
    ...c,
    levels: c.levels.map((l) => ({ ...l, points: l.points === '' ? Number.NaN : l.points })),
  }));

/**
 * Writing a question's rubric: criteria, each with levels worth points and described in
 * a few words. Kept with the assessment (not the students' copies of the question), so it applies
 * to answers already handed in; marks keep the levels they were given with.
 */
export function RubricEditor({
  opened,
  onClose,
  assessmentId,
  questionId,
  questionLabel,
  max,
  rubric,
}: Props) {
  const { t, i18n } = useTranslation(['markingQueue', 'errors', 'common']);
  const [draft, setDraft] = useState<DraftCriterion[]>(() =>
    rubric ? toDraft(rubric.criteria) : starter(max),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width: 575px)');
  const save = useSaveRubric(assessmentId, questionId);
  const remove = useDeleteRubric(assessmentId, questionId);

  const total = rubricMaxPoints(
    asCriteria(draft).map((c) => ({ ...c, levels: c.levels.filter((l) => !Number.isNaN(l.points)) })),
  );
  const tooMuch = total > max;

  const update = (index: number, change: (c: DraftCriterion) => DraftCriterion) =>
    setDraft((current) => current.map((c, i) => (i === index ? change(c) : c)));

  const failureText = (error: unknown) =>
    t(`errors:${errorCodeOf(error)}`, { defaultValue: t('errors:internal_error') });

  const onSave = () => {
    const parsed = SaveRubricSchema.safeParse({ version: rubric?.version ?? 0, criteria: asCriteria(draft) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(
        issue
          ? t(issue.message.replace(/^markingQueue\./, ''), { defaultValue: t('editor.invalid') })
          : t('editor.invalid'),
      );
      return;
    }
    if (tooMuch) {
      setProblem(t('errors:rubric_points_exceed'));
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, {
      onSuccess: onClose,
      onError: (error) => setProblem(failureText(error)),
    });
  };

  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: onClose,
      onError: (error) => setProblem(failureText(error)),
    });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('editor.title', { question: questionLabel })}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      fullScreen={phone}
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('editor.intro')}
        </Text>
        {draft.map((criterion, index) => (
          <Paper key={criterion.id} withBorder radius="md" p="sm">
            <Stack gap="xs">
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('editor.criterion', { number: index + 1 })}
                  placeholder={t('editor.criterionPlaceholder')}
                  value={criterion.title}
                  maxLength={RUBRIC_LIMITS.titleMax}
                  onChange={(e) => {
                    const title = e.currentTarget.value;
                    update(index, (c) => ({ ...c, title }));
                  }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  disabled={draft.length === 1}
                  aria-label={t('editor.removeCriterion', { number: index + 1 })}
                  onClick={() => setDraft((current) => current.filter((_, i) => i !== index))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
              {criterion.levels.map((level, levelIndex) => (
                <Group key={level.id} align="flex-end" gap="xs" wrap="nowrap">
                  <NumberInput
                    w={96}
                    // The column heads once per criterion; each field keeps its own name for readers.
                    label={levelIndex === 0 ? t('editor.points') : undefined}
                    aria-label={t('editor.levelPoints', { criterion: index + 1, level: levelIndex + 1 })}
                    value={level.points}
                    min={0}
                    step={0.5}
                    decimalScale={1}
                    allowNegative={false}
                    onChange={(value) =>
                      update(index, (c) => ({
                        ...c,
                        levels: c.levels.map((l) =>
                          l.id === level.id ? { ...l, points: value === '' ? '' : Number(value) } : l,
                        ),
                      }))
                    }
                  />
                  <TextInput
                    style={{ flex: 1, minWidth: 0 }}
                    label={levelIndex === 0 ? t('editor.description') : undefined}
                    aria-label={t('editor.levelDescription', { criterion: index + 1, level: levelIndex + 1 })}
                    placeholder={t('editor.descriptionPlaceholder')}
                    value={level.description}
                    maxLength={RUBRIC_LIMITS.descriptionMax}
                    onChange={(e) => {
                      const description = e.currentTarget.value;
                      update(index, (c) => ({
                        ...c,
                        levels: c.levels.map((l) => (l.id === level.id ? { ...l, description } : l)),
                      }));
                    }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    disabled={criterion.levels.length === 1}
                    aria-label={t('editor.removeLevel', { criterion: index + 1, level: levelIndex + 1 })}
                    onClick={() =>
                      update(index, (c) => ({ ...c, levels: c.levels.filter((l) => l.id !== level.id) }))
                    }
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={criterion.levels.length >= RUBRIC_LIMITS.levelsMax}
                onClick={() =>
                  update(index, (c) => ({
                    ...c,
                    levels: [...c.levels, { id: newRubricId('l'), points: '', description: '' }],
                  }))
                }
                style={{ alignSelf: 'flex-start' }}
              >
                {t('editor.addLevel')}
              </Button>
            </Stack>
          </Paper>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={draft.length >= RUBRIC_LIMITS.criteriaMax}
          onClick={() =>
            setDraft((current) => [
              ...current,
              ...starter(0).map((c) => ({ ...c, levels: c.levels.slice(0, 2) })),
            ])
          }
          style={{ alignSelf: 'flex-start' }}
        >
          {t('editor.addCriterion')}
        </Button>
        <Divider />
        <Text size="sm" c={tooMuch ? 'red.8' : 'gray.7'} role="status">
          {t('editor.total', {
            total: formatPoints(total, i18n.language),
            max: formatPoints(max, i18n.language),
          })}
        </Text>
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          {rubric ? (
            <Button variant="subtle" color="red" onClick={onDelete} loading={remove.isPending}>
              {t('editor.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('editor.cancel')}
            </Button>
            <Button onClick={onSave} loading={save.isPending}>
              {t('editor.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
