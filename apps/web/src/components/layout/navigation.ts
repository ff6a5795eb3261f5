import { isSuperAdministrator } from '@vbuilder/shared';

/** The side menu's sections (docs/product/screens.md 'Side navigation'). */
export const SECTION_IDS = [
  'dashboard',
  'assessments',
  'organization',
  'users',
  'payments',
  'questiontype',
  'certifications',
  'ai',
  'subscriptions',
  'profile',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** What the menu needs to know about the signed-in user; every field may still be unknown. */
export interface NavUser {
  id?: string | null;
  role?: string | null;
  organizationId?: string | null;
}

/** One link of a section's panel; `labelKey` is a key of the `common` namespace. */
export interface NavItem {
  labelKey: string;
  to: string;
}

const HOME = '/account/home';

/** Sections per role, in the order of docs/product/roles.md. Unknown roles (and 'user') get the Teacher menu. */
const SECTIONS_BY_ROLE: Record<string, readonly SectionId[]> = {
  Student: ['dashboard', 'profile', 'assessments', 'organization', 'certifications'],
  Teacher: ['dashboard', 'profile', 'users', 'questiontype', 'assessments', 'certifications', 'ai'],
  Administrator: [
    'dashboard',
    'profile',
    'users',
    'certifications',
    'ai',
    'questiontype',
    'assessments',
    'organization',
    'payments',
  ],
  'Super Administrator': ['dashboard', 'profile', 'organization', 'subscriptions', 'payments'],
};

export function sectionsForRole(role: string | null | undefined): readonly SectionId[] {
  return (
    (role && Object.hasOwn(SECTIONS_BY_ROLE, role) ? SECTIONS_BY_ROLE[role] : undefined) ??
    SECTIONS_BY_ROLE.Teacher!
  );
}

/**
 * Who may open a screen (docs/product/roles.md): the roles whose side menu has its section, narrowed to staff (no
 * Students: creating, editing, marking) or to named roles (the organization list is the Super
 * Administrator's). Screens of no section (home, notifications, logout) are everyone's.
 */
export interface ScreenAccess {
  section: SectionId | null;
  staffOnly?: boolean;
  roles?: readonly string[];
}

/** Whether a role may open a screen with this access; the one rule every route guard applies. */
export function mayOpen(access: ScreenAccess | undefined, role: string | null | undefined): boolean {
  if (!access?.section) return true;
  if (!sectionsForRole(role).includes(access.section)) return false;
  if (access.staffOnly && role === 'Student') return false;
  if (access.roles && !(role && access.roles.includes(role))) return false;
  return true;
}

/** Where a section leads. Paths that need an id fall back to the dashboard while it is unknown. */
export function targetFor(section: SectionId, user: NavUser | null | undefined): string {
  const id = user?.id ? encodeURIComponent(user.id) : null;
  const withUser = (path: string) => (id ? `${path}/${id}` : HOME);
  switch (section) {
    case 'dashboard':
      return HOME;
    case 'assessments':
      return withUser('/account/questions');
    case 'organization':
      if (isSuperAdministrator(user?.role)) return '/account/organizations';
      return user?.organizationId ? `/account/organization/${encodeURIComponent(user.organizationId)}` : HOME;
    case 'users':
      return withUser('/account/users');
    case 'payments':
      return '/account/payments/payment_history';
    case 'questiontype':
      return withUser('/account/questiontype');
    case 'certifications':
      return withUser('/account/certifications');
    case 'ai':
      return withUser('/account/aiassistant');
    case 'subscriptions':
      return '/account/subscription';
    case 'profile':
      return withUser('/account/profile');
  }
}

export const QUESTION_EXAMPLES_PATH = '/account/questiontype/questionexamples';
/** The organization's question bank: a link of the assessments section, for staff. */
export const QUESTION_BANK_PATH = '/account/question-bank';
/** The marking queue: a link of the assessments section, for staff. */
export const MARKING_QUEUE_PATH = '/account/marking-queue';
export const SUBSCRIPTION_PATH = '/account/subscription';

/**
 * The subscription screen: the Super Administrator's 'subscriptions' section, and an
 * Administrator's own plan (they choose, pay for and renew it), reached from their
 * Payments section; so it is open to the roles whose menu has Payments.
 */
export const SUBSCRIPTION_ACCESS: ScreenAccess = { section: 'payments' };

/** The section's own name, as shown on its rail icon and panel heading. */
export function sectionLabelKey(section: SectionId, role: string | null | undefined): string {
  if (section === 'organization') {
    return isSuperAdministrator(role) ? 'nav.sections.organizations' : 'nav.sections.myOrganization';
  }
  return `nav.sections.${section}`;
}

/**
 * The links a section's panel lists: its own target, plus 'Question Examples' under question types,
 * 'Question bank' and 'Marking queue' under assessments for staff and, for an Administrator (whose menu has no Subscriptions section), 'Subscription' under payments.
 */
export function linksFor(section: SectionId, user: NavUser | null | undefined): NavItem[] {
  const main = { labelKey: sectionLabelKey(section, user?.role), to: targetFor(section, user) };
  if (section === 'questiontype') {
    return [main, { labelKey: 'nav.links.questionExamples', to: QUESTION_EXAMPLES_PATH }];
  }
  if (section === 'assessments' && user?.role && user.role !== 'Student') {
    return [
      main,
      { labelKey: 'nav.links.questionBank', to: QUESTION_BANK_PATH },
      { labelKey: 'nav.links.markingQueue', to: MARKING_QUEUE_PATH },
    ];
  }
  if (section === 'payments' && !sectionsForRole(user?.role).includes('subscriptions')) {
    return [main, { labelKey: 'nav.links.subscription', to: SUBSCRIPTION_PATH }];
  }
  return [main];
}

/** Path prefixes (under /account) to sections; the first match among the role's sections wins. */
const PATH_SECTIONS: ReadonlyArray<[RegExp, SectionId]> = [
  [/^\/account\/home(\/|$)/, 'dashboard'],
  // Question examples live under questiontype/ and select question types.
  [/^\/account\/questiontype(\/|$)/, 'questiontype'],
  [/^\/account\/(questions|user|question-bank|marking-queue)(\/|$)/, 'assessments'],
  [/^\/account\/organizations?(\/|$)/, 'organization'],
  [/^\/account\/users(\/|$)/, 'users'],
  [/^\/account\/payments(\/|$)/, 'payments'],
  [/^\/account\/certifications(\/|$)/, 'certifications'],
  [/^\/account\/aiassistant(\/|$)/, 'ai'],
  [/^\/account\/subscription(\/|$)/, 'subscriptions'],
  // An Administrator reaches the subscription from Payments.
  [/^\/account\/subscription(\/|$)/, 'payments'],
  [/^\/account\/profile(\/|$)/, 'profile'],
];

/**
 * The section a path belongs to, falling back to the dashboard. Given the role's sections, a path
 * outside them (a Student on a users page) also falls back to the dashboard.
 */
export function activeSectionFor(path: string, available?: readonly SectionId[]): SectionId {
  const found = PATH_SECTIONS.filter(([pattern]) => pattern.test(path)).map(([, section]) => section);
  if (!available) return found[0] ?? 'dashboard';
  return found.find((section) => available.includes(section)) ?? 'dashboard';
}

/** A link is current when the path is its target or a page below it. */
export function isLinkActive(path: string, to: string): boolean {
  return path === to || path.startsWith(`${to}/`);
}
