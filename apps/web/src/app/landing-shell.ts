import { REPLAY_ATTRIBUTE, type LandingBootGlobals } from '../lib/landing-contract.ts';

/**
 * The prerendered landing page (#landing-shell, see prerender-landing.tsx) stays on screen while
 * the app loads, and goes as soon as the app shows a screen of its own in #root: its landing page,
 * or anything else (a signed-in visitor's redirect, an error screen). The app's loading states,
 * nothing at all or the 'Loading your workspace...' status, keep it: they are what the prerendered
 * page stands in for.
 */

export const hasLandingShell = (doc: Document = document): boolean =>
  doc.getElementById('landing-shell') !== null;

/** Whether #root shows only a loading state: nothing, or the loading screen (role="status"). */
export function showsOnlyLoading(root: Element): boolean {
  return [...root.children].every(
    (child) => child.tagName === 'STYLE' || child.getAttribute('role') === 'status',
  );
}

/**
 * Repeats on the app's page what the visitor activated on the prerendered one before the app was
 * there (the boot script notes it): the language button's click then opens the app's menu.
 */
export function replayLandingAction(root: HTMLElement, globals: LandingBootGlobals): void {
  const name = globals.vbuilderLandingReplay;
  if (!name) return;
  delete globals.vbuilderLandingReplay;
  const target = root.querySelector<HTMLElement>(`[${REPLAY_ATTRIBUTE}="${CSS.escape(name)}"] button`);
  target?.focus();
  target?.click();
}

export function releaseLandingShell(
  root: HTMLElement,
  doc: Document = document,
  globals: LandingBootGlobals = window as LandingBootGlobals,
): void {
  const shell = doc.getElementById('landing-shell');
  if (!shell) return;
  const check = () => {
    if (showsOnlyLoading(root)) return false;
    shell.remove();
    replayLandingAction(root, globals);
    return true;
  };
  if (check()) return;
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(root, { childList: true });
}
