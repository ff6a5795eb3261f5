import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, leaving the page asks first: the browser's own prompt on reload or close
 * (beforeunload), and `confirmLeave` for a link inside the app (React Router's blocker). A change
 * of only the query string or hash is not leaving.
 */
export function useUnsavedChangesGuard(
  dirty: boolean,
  confirmLeave: (proceed: () => void, stay: () => void) => void,
) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // A dialog may report both its button and its closing: only the first answer counts.
    let answered = false;
    const once = (answer: () => void) => () => {
      if (answered) return;
      answered = true;
      answer();
    };
    confirmLeave(once(blocker.proceed), once(blocker.reset));
    // Only a new block asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
