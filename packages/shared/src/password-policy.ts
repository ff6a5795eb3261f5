import { z } from 'zod';

/**
 * The password policy shared by the API (which enforces it wherever a password is set) and the
 * web (whose strength meter shows it while the password is typed). This module is light on
 * purpose: the estimator and its dictionaries live in `password-strength.ts`, which the web loads
 * only on the screens that set a password and the API only when one is set.
 *
 * A password is accepted when it has the length `PasswordSchema` asks for and zxcvbn-ts scores it
 * at least PASSWORD_MIN_SCORE (0–4; 3 is "safely unguessable" in zxcvbn's terms, about 10^8
 * guesses), counting the person's own name, email and organization as words an attacker tries.
 */
export const PASSWORD_MIN_SCORE = 3;

/** zxcvbn-ts 4.2's warning keys (its `pwned` matcher is not used, so its key is not either). */
export const PASSWORD_WARNINGS = [
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'userInputs',
] as const;
export type PasswordWarning = (typeof PASSWORD_WARNINGS)[number];

/** zxcvbn-ts 4.2's suggestion keys (without `pwned`, as above). */
export const PASSWORD_SUGGESTIONS = [
  'l33t',
  'reverseWords',
  'allUppercase',
  'capitalization',
  'dates',
  'recentYears',
  'associatedYears',
  'sequences',
  'repeated',
  'longerKeyboardPattern',
  'anotherWord',
  'useWords',
  'noNeed',
] as const;
export type PasswordSuggestion = (typeof PASSWORD_SUGGESTIONS)[number];

/**
 * What the estimator says of a password, as stable keys the web translates
 * (`validation:validation.passwordWarnings.<key>`, `validation:validation.passwordSuggestions.<key>`).
 */
export const PasswordFeedbackSchema = z.object({
  score: z.number().int().min(0).max(4),
  warning: z.enum(PASSWORD_WARNINGS).nullable(),
  suggestions: z.array(z.enum(PASSWORD_SUGGESTIONS)),
});
export type PasswordFeedback = z.infer<typeof PasswordFeedbackSchema>;

/**
 * The details of a 400 `weak_password` answer: like a validation issue (the field's path and a
 * `validation` key), with the estimator's feedback so the form can say what to change.
 */
export const WeakPasswordIssueSchema = PasswordFeedbackSchema.extend({
  path: z.array(z.string()),
  message: z.literal('validation.passwordWeak'),
  minScore: z.number().int(),
});
export type WeakPasswordIssue = z.infer<typeof WeakPasswordIssueSchema>;
export const WeakPasswordDetailsSchema = z.array(WeakPasswordIssueSchema).min(1);

/** Who the password is for: the words of these are what an attacker who knows them tries first. */
export interface PasswordOwner {
  name?: string | null | undefined;
  email?: string | null | undefined;
  organizationName?: string | null | undefined;
}

/** Pieces shorter than this are left out: "li" or "an" would mark half the dictionary as personal. */
const MIN_INPUT_LENGTH = 3;

/**
 * The estimator's user inputs for a person: each value whole and without spaces, and its words;
 * the email whole, its local part and the local part's pieces ("anna.pemberton+exams").
 */
export function passwordUserInputs(owner: PasswordOwner): string[] {
  const inputs = new Set<string>();
  const add = (value: string) => {
    const v = value.trim().toLowerCase();
    if (v.length >= MIN_INPUT_LENGTH) inputs.add(v);
  };
  const addPhrase = (phrase: string | null | undefined) => {
    if (!phrase) return;
    add(phrase);
    add(phrase.replace(/[\s\p{P}]+/gu, ''));
    for (const word of phrase.split(/[\s\p{P}]+/u)) add(word);
  };
  addPhrase(owner.name);
  addPhrase(owner.organizationName);
  if (owner.email) {
    add(owner.email);
    const [local = '', domain = ''] = owner.email.split('@');
    addPhrase(local);
    // The domain's first label ("pemberton" in pemberton.school.th) often names the school.
    addPhrase(domain.split('.')[0]);
  }
  return [...inputs];
}
