import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountLayout } from '../components/layout/account-layout.tsx';
import { mayOpen } from '../components/layout/navigation.ts';
import { accessOf } from '../components/layout/route-access-guard.tsx';
import { authValue, CurrentPath, makeProfile, renderAt } from '../components/layout/test-utils.tsx';
import { useAuth } from '../lib/auth/auth-provider.tsx';
import { answerError, server } from '../test/msw-server.ts';
import { accountChildren } from './account-routes.tsx';

vi.mock('../lib/auth/auth-provider.tsx', () => ({ useAuth: vi.fn() }));

/** docs/product/roles.md's roles, plus an unknown one (which gets the Teacher menu). */
const ROLES = ['Student', 'Teacher', 'user', 'Administrator', 'Super Administrator', 'Principal'] as const;
type Role = (typeof ROLES)[number];

const ALL = ROLES;
const TEACHER_MENU: Role[] = ['Teacher', 'user', 'Principal'];
/** Sections of docs/product/roles.md's side-menu table, by the roles that have them. */
const ASSESSMENTS: Role[] = ['Student', ...TEACHER_MENU, 'Administrator'];
const STAFF_ASSESSMENTS: Role[] = [...TEACHER_MENU, 'Administrator'];
const USERS: Role[] = [...TEACHER_MENU, 'Administrator'];
const QUESTION_TYPES: Role[] = [...TEACHER_MENU, 'Administrator'];
const AI: Role[] = [...TEACHER_MENU, 'Administrator'];
const CERTIFICATIONS: Role[] = ['Student', ...TEACHER_MENU, 'Administrator'];
const ORGANIZATION: Role[] = ['Student', 'Administrator', 'Super Administrator'];
const PAYMENTS: Role[] = ['Administrator', 'Super Administrator'];
/** The Super Administrator's Subscriptions, and an Administrator's own plan from Payments. */
const SUBSCRIPTIONS: Role[] = PAYMENTS;

/** Every /account route of the router, with who may open it (docs/product/roles.md). */
const EXPECTED: Record<string, readonly Role[]> = {
  home: ALL,
  'users/:userId': USERS,
  'questions/:userId': ASSESSMENTS,
  'questions/:userId/new': STAFF_ASSESSMENTS,
  'user/:userId/quiz/:assessmentId': ASSESSMENTS,
  'user/:userId/quiz/:assessmentId/redo': ASSESSMENTS,
  'user/questions/:userId/quiz/:assessmentId/view': ASSESSMENTS,
  'user/questions/:userId/quiz/:quizId/edit': STAFF_ASSESSMENTS,
  // The question bank: the organization's teachers and administrators.
  'question-bank': STAFF_ASSESSMENTS,
  'user/:userId/quiz/:assessmentId/my-results': ASSESSMENTS,
  'questions/:userId/quiz/:quizId/submissions': STAFF_ASSESSMENTS,
  'organization/:organizationId': ORGANIZATION,
  organizations: ['Super Administrator'],
  subscription: SUBSCRIPTIONS,
  'questiontype/questionexamples': QUESTION_TYPES,
  'questiontype/:userId': QUESTION_TYPES,
  'aiassistant/:userId': AI,
  'certifications/:userId': CERTIFICATIONS,
  'notifications/:userId': ALL,
  'questions/pending-marking/:assessmentId/:studentId': STAFF_ASSESSMENTS,
  'marking-queue': STAFF_ASSESSMENTS,
  'profile/:userId': ALL,
  'payments/payment_history': PAYMENTS,
  logout: ALL,
};

const routes = accountChildren.filter((route) => !route.index);

describe('who may open each /account screen', () => {
  it('covers every route, each declaring its access', () => {
    expect(routes.map((route) => route.path).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const route of routes) expect(accessOf([route.handle]), route.path).toBeDefined();
  });

  const cases = routes.flatMap((route) =>
    ROLES.map((role) => [route.path!, role, EXPECTED[route.path!]?.includes(role) ?? false] as const),
  );
  it.each(cases)('%s as %s: %s', (path, role, allowed) => {
    const route = routes.find((r) => r.path === path)!;
    expect(mayOpen(accessOf([route.handle]), role)).toBe(allowed);
  });

  it('refuses a Teacher the payments and subscription screens', () => {
    const access = (path: string) => accessOf([routes.find((r) => r.path === path)!.handle]);
    expect(mayOpen(access('payments/payment_history'), 'Teacher')).toBe(false);
    expect(mayOpen(access('subscription'), 'Teacher')).toBe(false);
  });
});

describe('the account layout refuses the screens docs/product/roles.md does not give the role', () => {
  beforeEach(() => {
    // The layout asks for the external links; none are configured here.
    server.use(answerError('get', '/auth/config', 404, 'not_found'));
  });

  /** The real /account routes (with their access), each screen replaced by its path. */
  const renderGuarded = (route: string, role: string) => {
    vi.mocked(useAuth).mockReturnValue(
      authValue(makeProfile({ role, id: 'u-1' })) as unknown as ReturnType<typeof useAuth>,
    );
    return renderAt(null, {
      route,
      routes: [
        {
          path: '/account',
          element: <AccountLayout />,
          children: routes.map(({ path, handle }) => ({ path, handle, element: <CurrentPath /> })),
        },
      ],
    });
  };

  it.each([
    ['Teacher', '/account/payments/payment_history'],
    ['Teacher', '/account/subscription'],
    ['user', '/account/subscription'],
    ['Student', '/account/payments/payment_history'],
    ['Student', '/account/users/u-1'],
    ['Student', '/account/questions/u-1/new'],
    ['Teacher', '/account/organizations'],
  ])('a %s opening %s by its address sees a refusal, not the page', async (role, path) => {
    await renderGuarded(path, role);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent(
      "You don't have access to this page",
    );
    expect(within(main).queryByTestId('current-path')).not.toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/account/home');
    // No redirect: the menu stays, and the page is the refusal.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it.each([
    ['Administrator', '/account/payments/payment_history'],
    ['Super Administrator', '/account/subscription'],
    ['Administrator', '/account/subscription'],
    ['Super Administrator', '/account/payments/payment_history'],
    ['Teacher', '/account/users/u-1'],
    ['Student', '/account/questions/u-1'],
  ])('a %s opens %s', async (role, path) => {
    await renderGuarded(path, role);
    expect(within(screen.getByRole('main')).getByTestId('current-path')).toHaveTextContent(path);
    expect(screen.queryByText("You don't have access to this page")).not.toBeInTheDocument();
  });
});
