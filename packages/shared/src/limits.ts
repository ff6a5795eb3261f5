/** Numeric limits and timings shared by the API and the web (docs/product/limits.md where it names them). */
export const LIMITS = {
  nameMax: 120,
  emailMax: 254,
  phoneMax: 32,
  passwordMin: 10,
  passwordMax: 200,
  organizationNameMax: 160,
  addressMax: 300,
  postalCodeMax: 20,
  /** Profile images: the browser accepts image/*; the server checks the bytes and this size. */
  profileImageMaxBytes: 5 * 1024 * 1024,
  /** Images attached to questions (and their options): same checks as profile images. */
  questionImageMaxBytes: 5 * 1024 * 1024,
  /** One-time links in mails (activation, password reset, invitation). */
  activationLinkHours: 72,
  resetLinkHours: 2,
  /** An email change is confirmed from the new address within this, and undone from the old within the days. */
  emailChangeLinkHours: 24,
  emailChangeUndoDays: 7,
  /** Sign-in attempts before a pause, per account and per address, in loginWindowMinutes. */
  loginAttemptsPerAccount: 5,
  loginAttemptsPerAddress: 20,
  loginWindowMinutes: 15,
} as const;

/** The image types a profile image may have, by their real content. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** The image types a question image may have, by their real content (no SVG: it can carry scripts). */
export const QUESTION_IMAGE_TYPES = PROFILE_IMAGE_TYPES;
