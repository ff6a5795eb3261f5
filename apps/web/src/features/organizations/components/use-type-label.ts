import { useTranslation } from 'react-i18next';
import { ORGANIZATION_TYPES } from '@vbuilder/shared';

/** An organization type in words; a type from older data that has no translation shows as it is. */
export function useTypeLabel() {
  const { t } = useTranslation('organizations');
  const label = (type: string) => t(`types.${type}`, { defaultValue: type });
  const options = ORGANIZATION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }));
  return { label, options };
}
