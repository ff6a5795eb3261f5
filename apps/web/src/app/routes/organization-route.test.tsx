import { screen } from '@testing-library/react';
import type { OrganizationDetail, UserProfile } from '@vbuilder/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProfile, renderAt } from '../../components/layout/test-utils.tsx';
import type * as ApiClientModule from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Component as OrganizationRoute } from './organization-route.tsx';

const auth = vi.hoisted(() => ({ user: null as UserProfile | null }));
vi.mock('../../lib/auth/auth-provider.tsx', () => ({
  useAuth: () => ({ status: 'authenticated', user: auth.user, error: null }),
}));
const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  api,
}));
// The members table is the users feature's, tested there; here only whether and how it is placed.
vi.mock('../../features/users/components/all-users-table.tsx', () => ({
  AllUsersTable: ({ organizationId }: { organizationId: string }) => (
    <p data-testid="members">{`members of ${organizationId}`}</p>
  ),
}));

const ORG = '5f0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f40';

const organization: OrganizationDetail = {
  id: ORG,
  name: 'Hill School',
  type: 'school',
  email: 'office@hill.test',
  phone: null,
  address: null,
  postalCode: null,
  createdAt: '2026-02-03T10:00:00.000Z',
  administrators: [],
  counts: { users: 3, administrators: 1, teachers: 1, students: 1 },
};

async function visitAs(user: UserProfile, answer: OrganizationDetail | Error = organization) {
  auth.user = user;
  if (answer instanceof Error) api.get.mockRejectedValue(answer);
  else api.get.mockResolvedValue(answer);
  await renderAt(<OrganizationRoute />, {
    route: `/account/organization/${ORG}`,
    path: '/account/organization/:organizationId',
  });
}

describe('organization route', () => {
  afterEach(() => api.get.mockReset());

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
    await visitAs(
      makeProfile({ role: 'Super Administrator', organizationId: null }),
      new ApiError(404, 'not_found', 'The organization does not exist'),
    );
    expect(await screen.findByText('This organization could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to organizations' })).toHaveAttribute(
      'href',
      '/account/organizations',
    );
    expect(screen.queryByTestId('members')).not.toBeInTheDocument();
  });
});
