import { Badge, Group, Paper, Radio, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QuestionRubric } from '@vbuilder/shared';
import { formatPoints } from '../../lib/numbers.ts';
import type { RubricChoice } from '../../lib/marking-queue.ts';

interface Props {
  rubric: QuestionRubric;
  choice: RubricChoice;
  /** The criterion the digit keys choose a level of. */
  activeCriterion: string | null;
  onActivate: (criterionId: string) => void;
  onChoose: (criterionId: string, levelId: string) => void;
  /** Levels the AI suggestion chose, marked beside them. */
  suggested?: RubricChoice | undefined;
}

/**
 * The rubric while marking: each criterion a group of levels (radio cards with their points and
 * description, numbered for the digit keys); the criterion the keys act on is outlined.
 */
export function RubricLevels({ rubric, choice, activeCriterion, onActivate, onChoose, suggested }: Props) {
  const { t, i18n } = useTranslation('markingQueue');
  return (
    <Stack gap="sm">
      {rubric.criteria.map((criterion, index) => {
        const active = criterion.id === activeCriterion;
        const headingId = `rubric-${criterion.id}-title`;
        return (
          <Paper
            key={criterion.id}
            withBorder
            radius="md"
            p="sm"
            style={active ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}
            data-active={active || undefined}
          >
            <Radio.Group
              value={choice[criterion.id] ?? null}
              onChange={(levelId) => onChoose(criterion.id, levelId)}
              aria-labelledby={headingId}
            >
              <UnstyledButton onClick={() => onActivate(criterion.id)} w="100%" mb={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text id={headingId} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {t('rubric.criterionHeading', { number: index + 1, title: criterion.title })}
                  </Text>
                  {active && (
                    <Badge size="xs" variant="light" style={{ flex: 'none' }} visibleFrom="sm">
                      {t('rubric.keysHere')}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
              <Stack gap={6}>
                {criterion.levels.map((level, levelIndex) => (
                  <Radio.Card
                    key={level.id}
                    value={level.id}
                    radius="sm"
                    p="xs"
                    onFocus={() => onActivate(criterion.id)}
                    aria-label={t('rubric.levelLabel', {
                      points: formatPoints(level.points, i18n.language),
                      description: level.description,
                    })}
                  >
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <Radio.Indicator mt={2} />
                      <Text size="xs" c="gray.7" fw={700} w={14} aria-hidden>
                        {levelIndex < 9 ? levelIndex + 1 : ''}
                      </Text>
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <Text size="sm" fw={600}>
                          {t('rubric.points', {
                            count: level.points,
                            points: formatPoints(level.points, i18n.language),
                          })}
                        </Text>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {level.description}
                        </Text>
                      </div>
                      {suggested?.[criterion.id] === level.id && (
                        <Badge size="xs" color="violet" variant="light" style={{ flex: 'none' }}>
                          {t('suggestion.badge')}
                        </Badge>
                      )}
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
