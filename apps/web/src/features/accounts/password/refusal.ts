import { useState } from 'react';
import { WeakPasswordDetailsSchema, type WeakPasswordIssue } from '@vbuilder/shared';
import { codeOf } from '../../../lib/api-errors.ts';

/** The estimator's feedback in a 400 `weak_password` answer, or null for any other failure. */
export function weakPasswordOf(error: unknown): WeakPasswordIssue | null {
  if (codeOf(error) !== 'weak_password') return null;
  const details = WeakPasswordDetailsSchema.safeParse((error as { details?: unknown }).details);
  return details.success ? details.data[0]! : null;
}

/**
 * Keeps the server's reasons for refusing a password, shown under the field for as long as that
 * password is still the one typed (the server knows what the browser may not: on a reset link, the
 * account's name, email and organization).
 */
export function usePasswordRefusal(password: string) {
  const [refusal, setRefusal] = useState<{ password: string; issue: WeakPasswordIssue } | null>(null);
  /** Runs a call that sets `sent`; a weak_password refusal is remembered, every failure rethrown. */
  const watch = async <T>(sent: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      const issue = weakPasswordOf(error);
      setRefusal(issue ? { password: sent, issue } : null);
      throw error;
    }
  };
  return { refused: refusal?.password === password ? refusal.issue : null, watch };
}
