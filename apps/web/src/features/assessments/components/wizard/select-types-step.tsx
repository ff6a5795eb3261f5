import { Checkbox, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ASSESSMENT_LIMITS, QUESTION_TYPE_REGISTRY, TIERS, type QuestionTypeId } from '@vbuilder/shared';
import { TierBadge } from '../editor/tier-badge.tsx';
import type { TypeChoice } from './wizard-draft.ts';

export interface SelectTypesStepProps {
  allowedTypes: readonly QuestionTypeId[];
  value: TypeChoice[];
  onChange(value: TypeChoice[]): void;
  error?: string;
}

/**
 * Step 1, Select Questions: the question types to use, grouped by plan tier; the plan's types can
 * be chosen, the others show the tier that includes them. Each chosen type has a count, the number
 * of questions the AI writes of it.
 */
export function SelectTypesStep({ allowedTypes, value, onChange, error }: SelectTypesStepProps) {
  const { t } = useTranslation(['assessmentEditor', 'questionTypes']);
  const allowed = new Set<string>(allowedTypes);
  const chosen = new Map(value.map((choice) => [choice.type, choice.count]));

  // Chosen types keep their counts; a newly chosen one starts at 1.
  const choose = (types: string[]) =>
    onChange(
      types
        .filter((type): type is QuestionTypeId => allowed.has(type))
        .map((type) => ({ type, count: chosen.get(type as QuestionTypeId) ?? 1 })),
    );
  const setCount = (type: QuestionTypeId, count: number) =>
    onChange(value.map((choice) => (choice.type === type ? { ...choice, count } : choice)));

  return (
    <Stack gap="lg">
      <Checkbox.Group
        label={t('assessmentEditor:wizard.types.label')}
        description={t('assessmentEditor:wizard.types.description')}
        error={error}
        value={value.map((choice) => choice.type)}
        onChange={choose}
      >
        <Stack gap="lg" mt="md">
          {TIERS.map((tier) => {
            const types = QUESTION_TYPE_REGISTRY.filter((info) => info.tier === tier);
            return (
              <Stack key={tier} gap="xs">
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {t(`questionTypes:tiers.${tier}`)}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('assessmentEditor:wizard.types.tierCount', { count: types.length })}
                  </Text>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
                  {types.map((info) => {
                    const enabled = allowed.has(info.id);
                    const count = chosen.get(info.id);
                    const label = t(info.labelKey);
                    return (
                      <Paper
                        key={info.id}
                        withBorder
                        radius="md"
                        p="xs"
                        bg={count !== undefined ? 'var(--mantine-primary-color-light)' : undefined}
                      >
                        <Group justify="space-between" gap="xs" wrap="nowrap" mih={36}>
                          <Checkbox value={info.id} label={label} disabled={!enabled} />
                          {!enabled ? <TierBadge tier={info.tier} /> : null}
                          {count !== undefined ? (
                            <NumberInput
                              aria-label={t('assessmentEditor:wizard.types.count', { type: label })}
                              min={1}
                              max={ASSESSMENT_LIMITS.aiQuestionsMax}
                              allowDecimal={false}
                              allowNegative={false}
                              clampBehavior="strict"
                              value={count}
                              onChange={(next) =>
                                setCount(info.id, typeof next === 'number' && next > 0 ? next : 1)
                              }
                              w={64}
                              size="xs"
                              hideControls
                            />
                          ) : null}
                        </Group>
                      </Paper>
                    );
                  })}
                </SimpleGrid>
              </Stack>
            );
          })}
        </Stack>
      </Checkbox.Group>
      <Text size="sm" c="gray.7">
        {t('assessmentEditor:wizard.types.countHint')}
      </Text>
    </Stack>
  );
}
