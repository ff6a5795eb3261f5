import { useEffect, useRef } from 'react';
import { isTypingTarget } from '../lib/marking-queue.ts';

/** What the queue marker's keys do; null where the action is not available now. */
export interface MarkerShortcuts {
  save: () => void;
  next: (() => void) | null;
  previous: (() => void) | null;
  help: () => void;
  focusScore: () => void;
  suggest: () => void;
  useSuggestion: () => void;
  /** A digit 1–9: that level of the active rubric criterion. */
  level: ((index: number) => void) | null;
}

/**
 * The queue marker's keyboard (listed by ShortcutsHelp): J/K or arrows, ? help, E score, S suggest,
 * A use the suggestion, 1–9 rubric levels, Ctrl/⌘+Enter save. None fires while typing in a field
 * (Ctrl/⌘+Enter excepted), nor while `enabled` is false (a dialog is open). The latest actions are
 * read at each key press, so the listener is added once.
 */
export function useMarkerShortcuts(enabled: boolean, shortcuts: MarkerShortcuts) {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const keys = latest.current;
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        keys.save();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      const key = event.key;
      // Arrows on a rubric level move between its levels, as in any radio group.
      if (
        key.startsWith('Arrow') &&
        event.target instanceof HTMLInputElement &&
        event.target.type === 'radio'
      ) {
        return;
      }
      let handled = true;
      if ((key === 'j' || key === 'J' || key === 'ArrowRight') && keys.next) keys.next();
      else if ((key === 'k' || key === 'K' || key === 'ArrowLeft') && keys.previous) keys.previous();
      else if (key === '?') keys.help();
      else if (key === 'e' || key === 'E') keys.focusScore();
      else if (key === 's' || key === 'S') keys.suggest();
      else if (key === 'a' || key === 'A') keys.useSuggestion();
      else if (/^[1-9]$/.test(key) && keys.level) keys.level(Number(key) - 1);
      else handled = false;
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
