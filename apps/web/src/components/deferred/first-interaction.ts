import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * Whether the person has interacted with the page yet (a press, a touch, a key or focus). Menus,
 * tooltips and popovers of the shell wait for it: nobody can open one before, so their code is not
 * part of a screen's first load (the attempt screen's first load). Not a mere
 * pointer move: the trigger under a moving pointer would be swapped for its loaded version while
 * the person aims at it; after a press the swap waits for the click (notPressing).
 */
const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

let interacted = false;
const listeners = new Set<() => void>();

/**
 * Opens the gate by hand: a trigger's own click handler calls it, for a click that came without a
 * press (assistive technology, a synthetic click), so the menu still comes and opens.
 */
export function markInteracted() {
  onFirstInteraction();
}

function onFirstInteraction() {
  if (interacted) return;
  interacted = true;
  for (const event of EVENTS) window.removeEventListener(event, onFirstInteraction, true);
  for (const listener of listeners) listener();
}

/**
 * A press in progress (pointer down, its click not yet dispatched). Swapping a trigger for its
 * loaded version then would put a new element under the finger, and the click would be lost.
 */
let pressing = false;
let releaseWaiters: Array<() => void> = [];
/** A press whose release never reached the window (its element was removed under it) ends anyway. */
const LONGEST_PRESS_MS = 1000;
let pressTimer: ReturnType<typeof setTimeout> | undefined;

function endPress() {
  clearTimeout(pressTimer);
  pressing = false;
  const waiters = releaseWaiters;
  releaseWaiters = [];
  for (const resume of waiters) resume();
}

function onPressStart() {
  pressing = true;
  clearTimeout(pressTimer);
  pressTimer = setTimeout(endPress, LONGEST_PRESS_MS);
}

function onPressEnd() {
  // After the click that follows pointerup has been dispatched.
  setTimeout(endPress, 0);
}

if (typeof window !== 'undefined') {
  for (const event of EVENTS) {
    window.addEventListener(event, onFirstInteraction, { capture: true, passive: true });
  }
  window.addEventListener('pointerdown', onPressStart, { capture: true, passive: true });
  window.addEventListener('pointerup', onPressEnd, { capture: true, passive: true });
  window.addEventListener('pointercancel', onPressEnd, { capture: true, passive: true });
}

const notPressing = () =>
  pressing ? new Promise<void>((resolve) => releaseWaiters.push(resolve)) : Promise.resolve();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFirstInteraction(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => interacted,
    () => false,
  );
}

const loaded = new Map<() => Promise<unknown>, unknown>();
const loading = new Map<() => Promise<unknown>, Promise<unknown>>();

function loadOnce<T>(load: () => Promise<T>): Promise<T> {
  let promise = loading.get(load) as Promise<T> | undefined;
  if (!promise) {
    promise = load().then(
      (value) => {
        loaded.set(load, value);
        return value;
      },
      (error: unknown) => {
        // Offline before it ever came: tried again at the next interaction that renders it.
        loading.delete(load);
        throw error;
      },
    );
    loading.set(load, promise);
  }
  return promise;
}

/**
 * What `load` gives (a component, usually), fetched at the first interaction and handed over
 * between presses; null until then. `load` must be a module-level function (it keys the cache).
 */
export function useAfterFirstInteraction<T>(load: () => Promise<T>): T | null {
  const ready = useFirstInteraction();
  const [value, setValue] = useState<T | null>(() => (loaded.get(load) as T | undefined) ?? null);
  const focusedBefore = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!ready || value !== null) return;
    let live = true;
    loadOnce(load)
      .then(async (result) => {
        await notPressing();
        if (!live) return;
        focusedBefore.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setValue(() => result);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ready, value, load]);
  // The swap replaces the trigger's element: a keyboard user who had focused it keeps the focus.
  useLayoutEffect(() => {
    const before = focusedBefore.current;
    focusedBefore.current = null;
    const label = before?.getAttribute('aria-label');
    if (!before || before.isConnected || !label) return;
    document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`)?.focus();
  }, [value]);
  return value;
}
