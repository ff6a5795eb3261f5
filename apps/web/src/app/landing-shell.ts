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

export function releaseLandingShell(root: HTMLElement, doc: Document = document): void {
  const shell = doc.getElementById('landing-shell');
  if (!shell) return;
  const check = () => {
    if (showsOnlyLoading(root)) return false;
    shell.remove();
    return true;
  };
  if (check()) return;
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(root, { childList: true });
}
