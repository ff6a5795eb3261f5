import { useEffect, useRef } from 'react';

const BLUR_VALIDATION_DELAY_MS = 200;

interface Checkable {
  isDirty: (path: string) => boolean;
  validateField: (path: string) => unknown;
}

/**
 * A field is checked when left, but only once it was changed (tabbing through an empty form says
 * nothing), and a moment later: a message appearing at once would push the buttons down between
 * the press and the release of a click on them, and the click would be lost. Call `submitted` on
 * every submit: a field left by pressing submit was judged by the submit, and may since carry the
 * server's word on it (an email already taken), which the late check must not wipe out.
 */
export function useBlurValidation() {
  const submits = useRef(0);
  const timers = useRef(new Set<number>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const validateOnBlur = (form: Checkable, field: string) => {
    const submitsBefore = submits.current;
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      if (submits.current !== submitsBefore) return;
      if (form.isDirty(field)) form.validateField(field);
    }, BLUR_VALIDATION_DELAY_MS);
    timers.current.add(timer);
  };

  const submitted = () => {
    submits.current += 1;
  };

  return { validateOnBlur, submitted };
}
