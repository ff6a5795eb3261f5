import { useEffect, type RefObject } from 'react';

const KEYS = ['ArrowRight', 'ArrowLeft', 'Home', 'End'];

/**
 * The ARIA toolbar pattern for a row of buttons: the toolbar is one Tab stop (the last button used)
 * and the arrow keys, Home and End move between its buttons, so a keyboard user reaches the text
 * after one Tab instead of one per formatting button. Disabled buttons (Undo with nothing to undo)
 * are skipped. Works on the rendered buttons, since the toolbar's controls set their own tabindex.
 * `enabled` says whether the toolbar is on screen (it may mount later).
 */
export function useRovingToolbar(
  ref: RefObject<HTMLElement | null>,
  { selector = 'button', enabled = true }: { selector?: string; enabled?: boolean } = {},
) {
  useEffect(() => {
    const toolbar = ref.current;
    if (!toolbar || !enabled) return;
    let current = 0;
    const buttons = () =>
      Array.from(toolbar.querySelectorAll<HTMLButtonElement>(selector)).filter((button) => !button.disabled);
    const sync = () => {
      const list = buttons();
      if (current >= list.length) current = 0;
      list.forEach((button, index) => {
        button.tabIndex = index === current ? 0 : -1;
      });
    };
    const onFocusIn = (event: FocusEvent) => {
      const index = buttons().indexOf(event.target as HTMLButtonElement);
      if (index >= 0 && index !== current) {
        current = index;
        sync();
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!KEYS.includes(event.key)) return;
      const list = buttons();
      const from = list.indexOf(document.activeElement as HTMLButtonElement);
      if (from < 0 || list.length === 0) return;
      event.preventDefault();
      const rtl = getComputedStyle(toolbar).direction === 'rtl';
      const step = (event.key === 'ArrowRight') !== rtl ? 1 : -1;
      const next =
        event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? list.length - 1
            : (from + step + list.length) % list.length;
      current = next;
      sync();
      list[next]?.focus();
    };
    sync();
    // Buttons become enabled or disabled as the text changes (Undo, Redo): keep one Tab stop.
    const observer = new MutationObserver(sync);
    observer.observe(toolbar, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    toolbar.addEventListener('focusin', onFocusIn);
    toolbar.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      toolbar.removeEventListener('focusin', onFocusIn);
      toolbar.removeEventListener('keydown', onKeyDown);
    };
  }, [ref, selector, enabled]);
}
