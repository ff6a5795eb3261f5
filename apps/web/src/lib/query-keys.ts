/**
 * Every query key of the web app, from one factory per area (docs/architecture/overview.md). Features read their
 * queries' keys here and name the keys a mutation makes stale in its `meta.invalidates` (handled
 * once in query-client.ts), so no feature spells another feature's key by hand.
 *
 * Each area's keys start with its `all` prefix: invalidating a prefix refreshes every query under it.
 * List parameters are whole objects in the key, so equal lists share one cache entry.
 */

export const assessmentKeys = {
  all: ['assessments'] as const,
  lists: () => ['assessments', 'list'] as const,
  list: (params: object) => ['assessments', 'list', params] as const,
  detail: (id: string) => ['assessments', 'detail', id] as const,
  /** Every usage card (an activated or lapsed plan changes them all). */
  usages: () => ['assessments', 'usage'] as const,
  usage: (organizationId?: string) => ['assessments', 'usage', organizationId ?? 'mine'] as const,
  monthly: (organizationId: string) => ['assessments', 'monthly', organizationId] as const,
};

/** The attempts a student takes and their own results. */
export const attemptKeys = {
  all: ['attempts'] as const,
  detail: (attemptId: string) => ['attempts', 'detail', attemptId] as const,
  myResults: (assessmentId: string) => ['attempts', 'my-results', assessmentId] as const,
};

/** Every submissions query of an assessment sits under ofAssessment, so marking refreshes them at once. */
export const submissionKeys = {
  all: ['submissions'] as const,
  ofAssessment: (assessmentId: string) => ['submissions', assessmentId] as const,
  list: (assessmentId: string, params: object) => ['submissions', assessmentId, 'list', params] as const,
  students: (assessmentId: string) => ['submissions', assessmentId, 'students'] as const,
  itemAnalysis: (assessmentId: string) => ['submissions', assessmentId, 'item-analysis'] as const,
  accommodations: (assessmentId: string) => ['submissions', assessmentId, 'accommodations'] as const,
  release: (assessmentId: string) => ['submissions', assessmentId, 'release'] as const,
  marking: (assessmentId: string, studentId: string) =>
    ['submissions', assessmentId, 'marking', studentId] as const,
  /** The details of single attempts (the marking dialog), whatever their assessment. */
  details: () => ['submissions', 'attempt'] as const,
  detail: (attemptId: string) => ['submissions', 'attempt', attemptId] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => ['dashboard', 'summary'] as const,
  /** One key per card of the role dashboards; the time zone changes what a day is. */
  card: (card: string, timeZone?: string) => ['dashboard', card, timeZone ?? ''] as const,
};

/** Every users query sits under ['users'], so one invalidation refreshes all the tables and pickers. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (params: object) => ['users', 'list', params] as const,
  ofOrganization: (organizationId: string, params: object) =>
    ['users', 'organization', organizationId, params] as const,
  /** The students an assessment can be assigned to (the assignment picker). */
  students: (search: string) => ['users', 'students', search] as const,
};

export const organizationKeys = {
  all: ['organizations'] as const,
  lists: () => ['organizations', 'list'] as const,
  list: (params: object) => ['organizations', 'list', params] as const,
  details: () => ['organizations', 'detail'] as const,
  detail: (id: string) => ['organizations', 'detail', id] as const,
  schoolSignIn: (id: string) => ['organizations', 'school-sign-in', id] as const,
};

/** The signed-in user's own profile. */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => ['profile', 'me'] as const,
};

/** The question type registry and its worked examples. */
export const questionTypeKeys = {
  all: ['question-types'] as const,
  list: () => ['question-types', 'list'] as const,
  examples: () => ['question-types', 'examples'] as const,
};

/** Account links and sign-in steps, and the server's public configuration. */
export const accountKeys = {
  all: ['accounts'] as const,
  activation: (token: string | null) => ['accounts', 'activate', token] as const,
  emailChange: (step: 'confirm' | 'undo', token: string | null) =>
    ['accounts', 'email', step, token] as const,
  interaction: (uid: string) => ['accounts', 'interaction', uid] as const,
  schoolSignIn: (uid: string, email: string) => ['accounts', 'interaction', uid, 'school', email] as const,
};

export const authKeys = {
  all: ['auth'] as const,
  config: () => ['auth', 'config'] as const,
};

/** Plans, subscriptions and payment records: one prefix, so a payment action refreshes them all. */
export const billingKeys = {
  all: ['billing'] as const,
  plans: () => ['billing', 'plans'] as const,
  subscriptions: () => ['billing', 'subscription'] as const,
  subscription: (organizationId: string) => ['billing', 'subscription', organizationId] as const,
  payments: () => ['billing', 'payments'] as const,
  paymentList: (params: object) => ['billing', 'payments', 'list', params] as const,
  payment: (id: string) => ['billing', 'payments', 'detail', id] as const,
};

/** Certificates: the lists, the organization's template, a public check. */
export const certificateKeys = {
  all: ['certificates'] as const,
  lists: () => ['certificates', 'list'] as const,
  list: (params: object) => ['certificates', 'list', params] as const,
  template: () => ['certificates', 'template'] as const,
  logo: (logoKey: string) => ['certificates', 'template', 'logo', logoKey] as const,
  verification: (code: string) => ['certificates', 'verify', code] as const,
};

/** The AI assistant's conversations: the caller's own list and each conversation. */
export const aiAssistantKeys = {
  all: ['aiAssistant'] as const,
  list: () => ['aiAssistant', 'list'] as const,
  detail: (id: string) => ['aiAssistant', 'detail', id] as const,
  /** Whether the server has a language model configured (from GET /api/auth/config). */
  configured: () => ['aiAssistant', 'configured'] as const,
};

/** Notifications: the caller's list (with its unread count) and their preferences. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => ['notifications', 'list'] as const,
  list: (params: object) => ['notifications', 'list', params] as const,
  preferences: () => ['notifications', 'preferences'] as const,
};

/** The organization's question bank: categories, questions, tags, authors, draw pools. */
export const questionBankKeys = {
  all: ['question-bank'] as const,
  categories: () => ['question-bank', 'categories'] as const,
  lists: () => ['question-bank', 'questions'] as const,
  list: (params: object) => ['question-bank', 'questions', params] as const,
  tags: () => ['question-bank', 'tags'] as const,
  authors: () => ['question-bank', 'authors'] as const,
  /** The assessments using a bank question, and which of them are locked (under the bank's key: a save refreshes it). */
  links: (id: string) => ['question-bank', 'links', id] as const,
  pool: (rule: object) => ['question-bank', 'pool', rule] as const,
  /** What an export would leave out (under the bank's key: a bank or assessment change refreshes it). */
  exportCheck: (query: string) => ['question-bank', 'export-check', query] as const,
};

/**
 * The marking queue: the list per filter, the menu's count, and rubrics per assessment,
 * all under ['marking-queue'] so a mark refreshes every one of them.
 */
export const markingQueueKeys = {
  all: ['marking-queue'] as const,
  list: (filters: object) => ['marking-queue', 'list', filters] as const,
  count: () => ['marking-queue', 'count'] as const,
  rubrics: (assessmentId: string) => ['marking-queue', 'rubrics', assessmentId] as const,
};
