import { em } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';

export type AttemptLayout = 'one' | 'all';

/**
 * One question per page or all on one page: remembered on this device once chosen; until then
 * one per page on phones and all on one page on wider screens.
 */
export function useLayoutPreference(): [AttemptLayout, (layout: AttemptLayout) => void] {
  const phone = useMediaQuery(`(max-width: ${em(768)})`, true, { getInitialValueInEffect: false });
  const [chosen, setChosen] = useLocalStorage<AttemptLayout | null>({
    key: 'vbuilder.attempt.layout',
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  return [chosen ?? (phone ? 'one' : 'all'), setChosen];
}
