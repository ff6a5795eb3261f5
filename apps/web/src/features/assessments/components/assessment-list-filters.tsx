import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ASSESSMENT_STATUSES,
  GENERATION_TYPES,
  TIMING_STATUSES,
  type AssessmentStatus,
  type GenerationType,
  type TimingStatus,
} from '@vbuilder/shared';
import { SearchField } from '../../../components/data-table/search-field.tsx';

export interface ListFilters {
  timing?: TimingStatus;
  status?: AssessmentStatus;
  generationType?: GenerationType;
}

interface Props {
  search: string;
  onSearch: (value: string) => void;
  onClearSearch: () => void;
  filters: ListFilters;
  onFilters: (filters: ListFilters) => void;
  /** Staff filter on draft/published too; students only see published ones. */
  showStatus: boolean;
}

const ALL = 'all';
const valueOr = <T extends string>(value: string | null): T | undefined =>
  value && value !== ALL ? (value as T) : undefined;

/** Search (on the server, once typing pauses) and the timing, status and generation type filters. */
export function AssessmentListFilters({
  search,
  onSearch,
  onClearSearch,
  filters,
  onFilters,
  showStatus,
}: Props) {
  const { t } = useTranslation('assessments');
  const selectWidth = { base: '100%', xs: 'calc(50% - 6px)', sm: 170 };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchField
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        value={search}
        onChange={onSearch}
        onClear={onClearSearch}
        w={{ base: '100%', sm: 280 }}
      />
      <Select
        label={t('filters.timing')}
        value={filters.timing ?? ALL}
        allowDeselect={false}
        data={[
          { value: ALL, label: t('filters.allTimings') },
          ...TIMING_STATUSES.map((value) => ({ value, label: t(`timing.${value}`) })),
        ]}
        onChange={(value) => onFilters({ ...filters, timing: valueOr<TimingStatus>(value) })}
        w={selectWidth}
      />
      {showStatus && (
        <Select
          label={t('filters.status')}
          value={filters.status ?? ALL}
          allowDeselect={false}
          data={[
            { value: ALL, label: t('filters.allStatuses') },
            ...ASSESSMENT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
          ]}
          onChange={(value) => onFilters({ ...filters, status: valueOr<AssessmentStatus>(value) })}
          w={selectWidth}
        />
      )}
      <Select
        label={t('filters.generationType')}
        value={filters.generationType ?? ALL}
        allowDeselect={false}
        data={[
          { value: ALL, label: t('filters.allGenerationTypes') },
          ...GENERATION_TYPES.map((value) => ({ value, label: t(`generationType.${value}`) })),
        ]}
        onChange={(value) => onFilters({ ...filters, generationType: valueOr<GenerationType>(value) })}
        w={selectWidth}
      />
    </Group>
  );
}
