import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/product/limits.md: a submenu opens after 100 ms of hover and survives 300 ms of the pointer being away. */
export const SUBMENU_TIMINGS = { openDelayMs: 100, graceMs: 300 } as const;

/**
 * Hover preview of a rail section: resting on an icon for the open delay shows its panel; leaving
 * the navigation starts the grace period, after which the panel returns to the selected section.
 * Coming back (to the rail or the panel) within the grace period keeps the preview.
 */
export function useSubmenuIntent<T>(timings = SUBMENU_TIMINGS) {
  const [preview, setPreview] = useState<T | null>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const clearTimers = useCallback(() => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  }, []);
  useEffect(() => clearTimers, [clearTimers]);

  const hoverItem = useCallback(
    (item: T) => {
      clearTimers();
      openTimer.current = setTimeout(() => setPreview(item), timings.openDelayMs);
    },
    [clearTimers, timings.openDelayMs],
  );
  const leaveItem = useCallback(() => clearTimeout(openTimer.current), []);
  const enterArea = useCallback(() => clearTimeout(closeTimer.current), []);
  const leaveArea = useCallback(() => {
    clearTimers();
    closeTimer.current = setTimeout(() => setPreview(null), timings.graceMs);
  }, [clearTimers, timings.graceMs]);
  const reset = useCallback(() => {
    clearTimers();
    setPreview(null);
  }, [clearTimers]);

  return { preview, hoverItem, leaveItem, enterArea, leaveArea, reset };
}
