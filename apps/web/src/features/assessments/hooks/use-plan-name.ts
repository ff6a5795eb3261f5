import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PACKAGE_NAMES, type PackageName } from '@vbuilder/shared';

const isPackageName = (name: string): name is PackageName =>
  (PACKAGE_NAMES as readonly string[]).includes(name);

/**
 * A plan's name as the reader says it ('Free' is 免费版 in Chinese). The API sends the English
 * name; every place that shows one goes through here so none is left untranslated.
 */
export function usePlanName() {
  const { t } = useTranslation('assessments');
  return useCallback(
    (name: string): string => (isPackageName(name) ? t(`assessments:packages.${name}`) : name),
    [t],
  );
}
