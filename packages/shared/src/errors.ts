/**
 * Error codes the API answers with ({ code, message, details? }). The web translates
 * `errors.<code>` so users never see a code; the message is English for logs and API users.
 */
export const ERROR_CODES = [
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'invalid_characters',
  'internal_error',
  'invalid_credentials',
  'account_inactive',
  'account_not_activated',
  'email_taken',
  'invalid_token',
  'token_expired',
  'weak_password',
  'wrong_password',
  'password_unchanged',
  'already_in_organization',
  'file_too_large',
  'unsupported_file_type',
  'file_required',
  'interaction_expired',
  // Sign-in with the school's own provider (docs/product/school-sign-in.md)
  'school_sign_in_not_found',
  'school_sign_in_failed',
  'school_email_not_verified',
  'school_domain_not_allowed',
  'school_account_not_invited',
  'school_account_other_organization',
  'email_domain_taken',
  'members_forbidden',
  'cannot_change_self',
  'last_administrator',
  'role_not_allowed',
  'role_change_not_allowed',
  'user_in_use',
  'duplicate_in_file',
  'csv_invalid',
  'csv_header_invalid',
  'csv_empty',
  'csv_too_many_rows',
  // Assessments and plans
  'monthly_limit_reached',
  'type_not_in_plan',
  'student_not_in_organization',
  'too_many_resources',
  // AI generation: docs/product/validation.md 'AI response' and docs/product/messages.md AI messages
  'ai_key_missing',
  'ai_failed',
  'ai_empty_response',
  'ai_no_json',
  'ai_parse_failed',
  'ai_no_questions_array',
  'ai_no_questions',
  'ai_source_unreadable',
  // Attempts, submissions and marking
  'not_assigned',
  'assessment_not_published',
  'window_not_open',
  'window_closed',
  'retake_not_allowed',
  'attempt_closed',
  'attempt_submitted',
  'stale_revision',
  'unknown_question',
  'answer_invalid',
  'score_out_of_range',
  'no_submission',
  // Billing
  'payment_transition_not_allowed',
  'plan_price_missing',
  /** A plan request of the organization is already waiting for payment: one at a time. */
  'payment_request_pending',
  /** Cancel or downgrade at the period's end, with nothing paid in force. */
  'no_paid_period',
  /** A downgrade to a plan that is not smaller than the one in force. */
  'downgrade_not_smaller',
  /** Undo, with no cancel or plan change scheduled (or the period already over). */
  'no_scheduled_change',
  /** Card payment is not offered (no card provider key, or no card price for the plan and period). */
  'card_payments_unavailable',
  /** The card payment provider could not be reached or refused the request (502). */
  'card_provider_failed',
  /** A pending card record cannot be closed or deleted: its checkout was paid meanwhile (it is being activated). */
  'card_payment_completed',
  // Certificates
  'certificate_already_given',
  'certificate_not_passed',
  'certificate_revoked',
  'certificate_not_found',
  // Question bank
  /** A draw rule asks for more questions than its category (with its tags and types) holds. */
  'draw_pool_too_small',
  'bank_category_not_empty',
  /** A category cannot move under itself or one of its subcategories (or nest deeper than allowed). */
  'bank_category_loop',
  'bank_category_in_use',
  'bank_category_name_taken',
  /** An assessment refers to a bank question that is not (or no longer) in the organization's bank. */
  'bank_question_missing',
  /** A regrade's outcome is no longer the one its preview showed: preview again. */
  'regrade_changed',
  // Marking queue, rubrics and AI-assisted marking
  /** Someone else marked this answer after the teacher opened it: nothing was overwritten. */
  'mark_conflict',
  /** A rubric's best levels add up to more than the question's points. */
  'rubric_points_exceed',
  /** Rubrics are for open-answer questions (those a person marks). */
  'rubric_not_open',
  /** The rubric levels sent with a mark are not (or no longer) those of the question's rubric. */
  'rubric_changed',
  /** The model's suggested mark could not be used (not the expected JSON, a score out of range...). */
  'ai_suggestion_invalid',
  /** The answer has no text for a model to read (a recording, a file, a link). */
  'ai_answer_not_text',
  /**
   * A student has started the assessment: its questions and draw rules can no longer change (the
   * editor's save, an import, the bank's "add"); a correction goes through a regrade.
   */
  'questions_locked',
  /** Deleting an assessment or releasing its results: its author's or an administrator's call. */
  'assessment_author_only',
  // LTI 1.3 (docs/product/lti.md)
  /** A launch from a learning platform failed a check (details.reason says which): nothing was signed in. */
  'lti_launch_refused',
  /** Dynamic registration could not finish (the platform's configuration or answer): nothing was saved. */
  'lti_registration_failed',
  /** This platform (issuer and client id) is already registered. */
  'lti_registration_exists',
  /** A dynamic registration link that was used, expired or never given. */
  'lti_registration_link_invalid',
  // Requests the server cannot read, and the server's own health
  /** A multipart body that ends before its closing boundary (an interrupted upload) or is malformed. */
  'upload_incomplete',
  /** The database does not answer: the health check's 503. */
  'database_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  code: ErrorCode | string;
  message: string;
  details?: unknown;
}
