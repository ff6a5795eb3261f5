import { describe, expect, it } from 'vitest';
import {
  activeSectionFor,
  isLinkActive,
  linksFor,
  sectionLabelKey,
  sectionsForRole,
  targetFor,
  type SectionId,
} from './navigation.ts';

const TEACHER_MENU = ['dashboard', 'profile', 'users', 'questiontype', 'assessments', 'certifications', 'ai'];

describe('sectionsForRole (docs/product/roles.md)', () => {
  it.each([
    ['Student', ['dashboard', 'profile', 'assessments', 'organization', 'certifications']],
    ['Teacher', TEACHER_MENU],
    ['user', TEACHER_MENU],
    ['Librarian', TEACHER_MENU],
    [null, TEACHER_MENU],
    [undefined, TEACHER_MENU],
    ['', TEACHER_MENU],
    ['constructor', TEACHER_MENU],
    [
      'Administrator',
      [
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
    ],
    ['Super Administrator', ['dashboard', 'profile', 'organization', 'subscriptions', 'payments']],
  ])('%s gets %j', (role, sections) => {
    expect(sectionsForRole(role)).toEqual(sections);
  });
});

describe('targetFor (docs/product/screens.md)', () => {
  const teacher = { id: 'u-1', role: 'Teacher', organizationId: 'org-9' };
  const superAdmin = { id: 's-1', role: 'Super Administrator', organizationId: null };

  it.each<[SectionId, string]>([
    ['dashboard', '/account/home'],
    ['assessments', '/account/questions/u-1'],
    ['organization', '/account/organization/org-9'],
    ['users', '/account/users/u-1'],
    ['payments', '/account/payments/payment_history'],
    ['questiontype', '/account/questiontype/u-1'],
    ['certifications', '/account/certifications/u-1'],
    ['ai', '/account/aiassistant/u-1'],
    ['subscriptions', '/account/subscription'],
    ['profile', '/account/profile/u-1'],
  ])('%s of a signed-in teacher leads to %s', (section, path) => {
    expect(targetFor(section, teacher)).toBe(path);
  });

  it.each<[SectionId, string]>([
    ['dashboard', '/account/home'],
    ['assessments', '/account/home'],
    ['organization', '/account/home'],
    ['users', '/account/home'],
    ['payments', '/account/payments/payment_history'],
    ['questiontype', '/account/home'],
    ['certifications', '/account/home'],
    ['ai', '/account/home'],
    ['subscriptions', '/account/subscription'],
    ['profile', '/account/home'],
  ])('%s without a user falls back to %s', (section, path) => {
    expect(targetFor(section, null)).toBe(path);
    expect(targetFor(section, {})).toBe(path);
  });

  it('sends a Super Administrator to the organization list', () => {
    expect(targetFor('organization', superAdmin)).toBe('/account/organizations');
  });

  it('sends someone without an organization to the dashboard', () => {
    expect(targetFor('organization', { id: 'u-1', role: 'Student', organizationId: null })).toBe(
      '/account/home',
    );
  });

  it('escapes ids so they stay one path segment', () => {
    expect(targetFor('profile', { id: 'a/b' })).toBe('/account/profile/a%2Fb');
  });
});

describe('labels', () => {
  it("calls the organization 'My Organization' except for a Super Administrator", () => {
    expect(sectionLabelKey('organization', 'Administrator')).toBe('nav.sections.myOrganization');
    expect(sectionLabelKey('organization', 'Student')).toBe('nav.sections.myOrganization');
    expect(sectionLabelKey('organization', 'Super Administrator')).toBe('nav.sections.organizations');
    expect(sectionLabelKey('payments', 'Administrator')).toBe('nav.sections.payments');
  });

  it('lists Question Examples under Question Types', () => {
    expect(linksFor('questiontype', { id: 'u-1' })).toEqual([
      { labelKey: 'nav.sections.questiontype', to: '/account/questiontype/u-1' },
      { labelKey: 'nav.links.questionExamples', to: '/account/questiontype/questionexamples' },
    ]);
    expect(linksFor('ai', { id: 'u-1' })).toEqual([
      { labelKey: 'nav.sections.ai', to: '/account/aiassistant/u-1' },
    ]);
  });

  it('lists the Question bank and the Marking queue under Assessments for staff, not for Students', () => {
    for (const role of ['Teacher', 'Administrator']) {
      expect(linksFor('assessments', { id: 'u-1', role })).toEqual([
        { labelKey: 'nav.sections.assessments', to: '/account/questions/u-1' },
        { labelKey: 'nav.links.questionBank', to: '/account/question-bank' },
        { labelKey: 'nav.links.markingQueue', to: '/account/marking-queue' },
      ]);
    }
    expect(linksFor('assessments', { id: 'u-1', role: 'Student' })).toEqual([
      { labelKey: 'nav.sections.assessments', to: '/account/questions/u-1' },
    ]);
    expect(activeSectionFor('/account/question-bank')).toBe('assessments');
    expect(activeSectionFor('/account/marking-queue')).toBe('assessments');
  });

  it("lists an Administrator's Subscription under Payments; the Super Administrator has a section for it", () => {
    expect(linksFor('payments', { id: 'u-1', role: 'Administrator' })).toEqual([
      { labelKey: 'nav.sections.payments', to: '/account/payments/payment_history' },
      { labelKey: 'nav.links.subscription', to: '/account/subscription' },
    ]);
    expect(linksFor('payments', { id: 'u-1', role: 'Super Administrator' })).toEqual([
      { labelKey: 'nav.sections.payments', to: '/account/payments/payment_history' },
    ]);
  });
});

describe('activeSectionFor', () => {
  it.each<[string, SectionId]>([
    ['/account/home', 'dashboard'],
    ['/account', 'dashboard'],
    ['/account/questions/u-1', 'assessments'],
    ['/account/questions/u-1/quiz/q-1/submissions', 'assessments'],
    ['/account/questions/pending-marking/q-1/s-1', 'assessments'],
    ['/account/user/u-1/quiz/q-1', 'assessments'],
    ['/account/user/questions/u-1/quiz/q-1/edit', 'assessments'],
    ['/account/organization/org-1', 'organization'],
    ['/account/organizations', 'organization'],
    ['/account/users/u-1', 'users'],
    ['/account/payments/payment_history', 'payments'],
    ['/account/questiontype/u-1', 'questiontype'],
    ['/account/questiontype/questionexamples', 'questiontype'],
    ['/account/certifications/u-1', 'certifications'],
    ['/account/aiassistant/u-1', 'ai'],
    ['/account/subscription', 'subscriptions'],
    ['/account/profile/u-1', 'profile'],
    ['/account/notifications/u-1', 'dashboard'],
    ['/account/homework', 'dashboard'],
    ['/somewhere-else', 'dashboard'],
  ])('%s selects %s', (path, section) => {
    expect(activeSectionFor(path)).toBe(section);
  });

  it("falls back to the dashboard for a section outside the role's menu", () => {
    expect(activeSectionFor('/account/users/u-1', sectionsForRole('Student'))).toBe('dashboard');
    expect(activeSectionFor('/account/users/u-1', sectionsForRole('Teacher'))).toBe('users');
  });

  it("selects Payments for an Administrator's subscription, Subscriptions for the Super Administrator's", () => {
    expect(activeSectionFor('/account/subscription', sectionsForRole('Administrator'))).toBe('payments');
    expect(activeSectionFor('/account/subscription', sectionsForRole('Super Administrator'))).toBe(
      'subscriptions',
    );
  });
});

describe('isLinkActive', () => {
  it('matches the target and the pages below it only', () => {
    expect(isLinkActive('/account/questiontype/u-1', '/account/questiontype/u-1')).toBe(true);
    expect(isLinkActive('/account/questiontype/questionexamples', '/account/questiontype/u-1')).toBe(false);
    expect(isLinkActive('/account/questions/u-1/quiz/q/submissions', '/account/questions/u-1')).toBe(true);
    expect(isLinkActive('/account/homework', '/account/home')).toBe(false);
  });
});
