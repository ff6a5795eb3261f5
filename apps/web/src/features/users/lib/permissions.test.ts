import { describe, expect, it } from 'vitest';
import { assignableRoles, canManageUser, grantableRoles, type Viewer } from './permissions.ts';

const ORG = 'org-1';
const viewer = (role: string, id = 'me', organizationId: string | null = ORG): Viewer => ({
  id,
  role,
  organizationId,
});
const target = (role: string, id = 'them', organizationId: string | null = ORG) => ({
  id,
  role,
  organizationId,
});

describe('grantableRoles', () => {
  it.each([
    ['Super Administrator', false, ['Super Administrator', 'Administrator', 'Teacher', 'Student']],
    ['Super Administrator', true, ['Administrator', 'Teacher', 'Student']],
    ['Administrator', false, ['Administrator', 'Teacher', 'Student']],
    ['user', false, ['Administrator', 'Teacher', 'Student']],
    ['Teacher', false, ['Student']],
    ['Student', false, []],
  ])('%s (in an organization: %s) may give %j', (role, inOrganization, roles) => {
    expect(grantableRoles(viewer(role), inOrganization)).toEqual(roles);
  });
});

describe('canManageUser', () => {
  it.each([
    ['Super Administrator', target('Administrator', 'them', 'other-org'), true],
    ['Super Administrator', target('Super Administrator'), true],
    ['Administrator', target('Teacher'), true],
    ['user', target('Administrator'), true],
    ['Administrator', target('Teacher', 'them', 'other-org'), false],
    ['Administrator', target('Super Administrator'), false],
    ['Teacher', target('Student'), false],
    ['Student', target('Student'), false],
  ])('%s may manage %j: %s', (role, who, expected) => {
    expect(canManageUser(viewer(role), who)).toBe(expected);
  });

  it('never oneself', () => {
    expect(canManageUser(viewer('Super Administrator'), target('Teacher', 'me'))).toBe(false);
  });

  it('assigns organization roles only', () => {
    expect(assignableRoles(viewer('Administrator'))).toEqual(['Administrator', 'Teacher', 'Student']);
    expect(assignableRoles(viewer('Teacher'))).toEqual([]);
  });
});
