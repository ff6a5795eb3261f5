import { useState } from 'react';
import { Button, Group, Select, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPE_REGISTRY, TIERS, type QuestionTypeId, type Tier } from '@vbuilder/shared';
import { TierBadge } from './tier-badge.tsx';

export interface AddQuestionControlProps {
  allowedTypes: readonly QuestionTypeId[];
  onAdd(type: QuestionTypeId): void;
  disabled?: boolean;
}

/**
 * Picks the type of a new question: every type grouped by plan tier, those the plan allows
 * enabled, the others shown disabled with the tier that includes them.
 */
export function AddQuestionControl({ allowedTypes, onAdd, disabled = false }: AddQuestionControlProps) {
  const { t } = useTranslation(['assessmentEditor', 'questionTypes']);
  const allowed = new Set<string>(allowedTypes);
  const [type, setType] = useState<QuestionTypeId | null>(allowedTypes[0] ?? null);
  const tierOf = new Map(QUESTION_TYPE_REGISTRY.map((info) => [info.id, info.tier]));

  const data = TIERS.map((tier) => ({
    group: t(`questionTypes:tiers.${tier}`),
    items: QUESTION_TYPE_REGISTRY.filter((info) => info.tier === tier).map((info) => ({
      value: info.id,
      label: t(info.labelKey),
      disabled: !allowed.has(info.id),
    })),
  }));

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('assessmentEditor:list.addType')}
        data={data}
        value={type}
        onChange={(value) => setType(value as QuestionTypeId | null)}
        searchable
        allowDeselect={false}
        disabled={disabled}
        w={{ base: '100%', xs: 300 }}
        maxDropdownHeight={320}
        renderOption={({ option }) => (
          <Group gap="xs" justify="space-between" wrap="nowrap" w="100%">
            <Text size="sm">{option.label}</Text>
            {option.disabled ? <TierBadge tier={tierOf.get(option.value as QuestionTypeId) as Tier} /> : null}
          </Group>
        )}
      />
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => type && onAdd(type)}
        disabled={disabled || !type || !allowed.has(type)}
      >
        {t('assessmentEditor:list.add')}
      </Button>
    </Group>
  );
}
