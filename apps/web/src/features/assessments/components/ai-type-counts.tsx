import { ActionIcon, Group, Input, MultiSelect, NumberInput, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  FAMILY_IDS,
  QUESTION_TYPE_REGISTRY,
  familyLabelKey,
  getQuestionType,
  tierLabelKey,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { AI_COUNT_MAX, type TypeCount } from './ai-generation-request.ts';

export interface AiTypeCountsProps {
  allowedTypes: readonly QuestionTypeId[];
  value: TypeCount[];
  onChange(value: TypeCount[]): void;
  idPrefix: string;
  typesError?: string;
  countsError?: string;
  disabled?: boolean;
}

/**
 * The question types to generate, picked from a list grouped by family (types outside the plan
 * are shown disabled with the plan tier that has them), and how many of each (0 to 20).
 */
export function AiTypeCounts({
  allowedTypes,
  value,
  onChange,
  idPrefix,
  typesError,
  countsError,
  disabled,
}: AiTypeCountsProps) {
  const { t } = useTranslation(['aiGeneration', 'assessments', 'questionTypes']);
  const allowed = new Set<string>(allowedTypes);
  const counts = new Map(value.map((choice) => [choice.type, choice.count]));
  const label = (type: QuestionTypeId) => t(getQuestionType(type).labelKey);

  const data = FAMILY_IDS.map((family) => ({
    group: t(familyLabelKey(family)),
    items: QUESTION_TYPE_REGISTRY.filter((info) => info.family === family).map((info) => ({
      value: info.id,
      label: allowed.has(info.id)
        ? t(info.labelKey)
        : t('aiGeneration:panel.notInPlan', { type: t(info.labelKey), tier: t(tierLabelKey(info.tier)) }),
      disabled: !allowed.has(info.id),
    })),
  })).filter((group) => group.items.length > 0);

  // Chosen types keep their counts; a newly chosen one starts at 1.
  const choose = (types: string[]) =>
    onChange(
      types
        .filter((type): type is QuestionTypeId => allowed.has(type))
        .map((type) => ({ type, count: counts.get(type) ?? 1 })),
    );
  const setCount = (type: QuestionTypeId, count: number) =>
    onChange(value.map((choice) => (choice.type === type ? { ...choice, count } : choice)));
  const remove = (type: QuestionTypeId) => onChange(value.filter((choice) => choice.type !== type));
  const countsId = `${idPrefix}-counts`;

  return (
    <Stack gap="sm">
      <MultiSelect
        id={`${idPrefix}-types`}
        label={t('aiGeneration:panel.types')}
        placeholder={value.length === 0 ? t('aiGeneration:panel.typesPlaceholder') : undefined}
        data={data}
        value={value.map((choice) => choice.type)}
        onChange={choose}
        searchable
        nothingFoundMessage={t('aiGeneration:panel.nothingFound')}
        hidePickedOptions
        maxDropdownHeight={320}
        comboboxProps={{ withinPortal: true }}
        error={typesError}
        disabled={disabled}
        withAsterisk
      />
      <Stack gap={6} maw={560} role="group" aria-labelledby={`${countsId}-label`}>
        <Input.Label id={`${countsId}-label`} labelElement="div">
          {t('aiGeneration:panel.counts')}
        </Input.Label>
        {value.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('assessments:ai.noTypesSelected')}
          </Text>
        ) : (
          value.map((choice) => (
            <Group key={choice.type} gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                {label(choice.type)}
              </Text>
              <NumberInput
                aria-label={t('aiGeneration:panel.count', { type: label(choice.type) })}
                min={0}
                max={AI_COUNT_MAX}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                value={choice.count}
                onChange={(next) => setCount(choice.type, typeof next === 'number' ? next : 0)}
                w={88}
                size="sm"
                disabled={disabled}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('aiGeneration:panel.remove', { type: label(choice.type) })}
                onClick={() => remove(choice.type)}
                disabled={disabled}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))
        )}
        {countsError ? (
          <Text size="sm" c="red.8" id={`${countsId}-error`}>
            {countsError}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
