import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPE_REGISTRY, TIERS, type QuestionTypeId } from '@vbuilder/shared';

/** The question types by plan tier; those outside the plan are shown disabled. */
export function TypeSelect({
  label,
  allowedTypes,
  value,
  onChange,
  clearable = false,
  placeholder,
}: {
  label: string;
  allowedTypes: readonly QuestionTypeId[] | null;
  value: QuestionTypeId | null;
  onChange(type: QuestionTypeId | null): void;
  clearable?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation(['questionTypes']);
  const allowed = allowedTypes ? new Set<string>(allowedTypes) : null;
  const data = TIERS.map((tier) => ({
    group: t(`questionTypes:tiers.${tier}`),
    items: QUESTION_TYPE_REGISTRY.filter((info) => info.tier === tier).map((info) => ({
      value: info.id,
      label: t(info.labelKey),
      disabled: allowed ? !allowed.has(info.id) : false,
    })),
  }));
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={(next) => onChange(next as QuestionTypeId | null)}
      searchable
      clearable={clearable}
      allowDeselect={clearable}
      w={{ base: '100%', xs: 260 }}
      maxDropdownHeight={320}
    />
  );
}
