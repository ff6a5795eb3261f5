import { screen } from '@testing-library/react';
import type { OrganizationDetail, UserProfile } from '@vbuilder/shared';
import { describe, expect, it, vi } from 'vitest';
import { makeProfile, renderAt } from '../../components/layout/test-utils.tsx';
import { makeOrganization, NO_SCHOOL_SIGN_IN, ORGANIZATION_ID as ORG } from '../../test/fixtures.ts';
import { answer, answerError, server } from '../../test/msw-server.ts';
import { Component as OrganizationRoute } from './organization-route.tsx';

const auth = vi.hoisted(() => ({ user: null as UserProfile | null }));
vi.mock('../../lib/auth/auth-provider.tsx', () => ({
  useAuth: () => ({ status: 'authenticated', user: auth.user, error: null }),
}));
// The members table is the users feature's, tested there; here only whether and how it is placed.
vi.mock('../../features/users/components/all-users-table.tsx', () => ({
  AllUsersTable: ({ organizationId }: { organizationId: string }) => (
    <p data-testid="members">{`members of ${organizationId}`}</p>
  ),
}));

async function visitAs(user: UserProfile, organization: OrganizationDetail | 'missing' = makeOrganization()) {
  auth.user = user;
  server.use(
    organization === 'missing'
      ? answerError('get', `/organizations/${ORG}`, 404, 'not_found')
      : answer('get', `/organizations/${ORG}`, organization),
    // The administrators' card of the school's own sign-in asks for its settings.
    answer('get', `/organizations/${ORG}/school-sign-in`, NO_SCHOOL_SIGN_IN),
  );
  await renderAt(<OrganizationRoute />, {
    route: `/account/organization/${ORG}`,
    path: '/account/organization/:organizationId',
  });
}

describe('organization route', () => {
  it.each([
    ['the Super Administrator', makeProfile({ role: 'Super Administrator', organizationId: null })],
    ['an Administrator', makeProfile({ role: 'Administrator', organizationId: ORG })],
    ["a legacy 'user' administrator", makeProfile({ role: 'user', organizationId: ORG })],
    ['a Teacher', makeProfile({ role: 'Teacher', organizationId: ORG })],
  ])('shows %s the members of the organization under its details', async (_who, user) => {
    await visitAs(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hill School' })).toBeInTheDocument();
    expect(screen.getByTestId('members')).toHaveTextContent(`members of ${ORG}`);
  });

  it('shows a Student the details of their organization only', async () => {
    await visitAs(makeProfile({ role: 'Student', organizationId: ORG }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hill School' })).toBeInTheDocument();
    expect(screen.getByText('My Organization')).toBeInTheDocument();
    expect(screen.queryByTestId('members')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('shows the not-found state, and no members, for an organization that is not there', async () => {
    await visitAs(makeProfile({ role: 'Super Administrator', organizationId: null }), 'missing');
    expect(await screen.findByText('This organization could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to organizations' })).toHaveAttribute(
      'href',
      '/account/organizations',
    );
    expect(screen.queryByTestId('members')).not.toBeInTheDocument();
  });
});
