import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import {
  PASSWORD_MIN_SCORE,
  PASSWORD_SUGGESTIONS,
  PASSWORD_WARNINGS,
  passwordUserInputs,
  type PasswordFeedback,
  type PasswordOwner,
  type PasswordSuggestion,
  type PasswordWarning,
} from './password-policy.ts';

/**
 * The strength estimator: zxcvbn-ts with the common passwords and the English dictionaries (what
 * attackers try first, whatever the site's language). Heavy (a few MB of word lists), so it is
 * not exported from the package's index: the web imports it dynamically on the screens that set a
 * password, the API when a password is set. Without `translations` zxcvbn-ts answers its feedback
 * as keys, which both sides translate with their own catalogs.
 */

/**
 * Bounds on the estimator's work, which is synchronous and runs on a route anyone can call: with
 * its defaults (256 characters, 100 l33t substitutions) a 200-character "p@ssw0rd" repeated took
 * 1–2 s of CPU, and random 64-character strings of l33t symbols up to 1.2 s (2 cores at load 15).
 * Only the first 64 characters are judged (a password whose first 64 are weak is refused, which
 * errs on the safe side), and at most 4 l33t substitutions are tried (each one multiplies the
 * variants; 4 still see through "P4$$w0rd"): the worst found was then 0.33 s at the same load.
 */
const MAX_CHECKED_LENGTH = 64;
const MAX_L33T_SUBSTITUTIONS = 4;

let estimator: ZxcvbnFactory | undefined;

// Built on first use: ranking the dictionaries takes a moment the importer should not pay for.
const zxcvbn = () =>
  (estimator ??= new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
    maxLength: MAX_CHECKED_LENGTH,
    l33tMaxSubstitutions: MAX_L33T_SUBSTITUTIONS,
  }));

const isWarning = (key: string | null): key is PasswordWarning =>
  (PASSWORD_WARNINGS as readonly string[]).includes(key ?? '');
const isSuggestion = (key: string): key is PasswordSuggestion =>
  (PASSWORD_SUGGESTIONS as readonly string[]).includes(key);

export interface PasswordEvaluation extends PasswordFeedback {
  /** Whether the policy takes it (the length is `PasswordSchema`'s to check). */
  accepted: boolean;
}

/**
 * Scores a password for its owner. It is judged in the form it is hashed in (NFKC), so that
 * full-width "ｐａｓｓｗｏｒｄ" is the common password it looks like.
 */
export function evaluatePassword(password: string, owner: PasswordOwner = {}): PasswordEvaluation {
  const result = zxcvbn().check(password.normalize('NFKC'), passwordUserInputs(owner));
  const score = result.score;
  const warning = isWarning(result.feedback.warning) ? result.feedback.warning : null;
  return {
    score,
    accepted: score >= PASSWORD_MIN_SCORE,
    warning,
    suggestions: [...new Set(result.feedback.suggestions.filter(isSuggestion))],
  };
}
