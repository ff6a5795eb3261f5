import { screen, within } from '@testing-library/react';
import type { UserProfile } from '@vbuilder/shared';
import { describe, expect, it, vi } from 'vitest';
import { makeProfile, renderAt } from '../components/layout/test-utils.tsx';
import { OrganizationDetailsScreen } from '../features/organizations/components/organization-details-screen.tsx';
import { api, isApiError } from '../lib/api-client.ts';
import { makeOrganization, ORGANIZATION_ID } from './fixtures.ts';
import { answer, endTest, receivedRequests, server, takeUnhandledRequests } from './msw-server.ts';

const auth = vi.hoisted(() => ({ user: null as UserProfile | null }));
vi.mock('../lib/auth/auth-provider.tsx', () => ({
  useAuth: () => ({ status: 'authenticated', user: auth.user, error: null }),
}));

/**
 * Why component tests talk to a mock server through the real client: the client checks each
 * answer against the shared schema and the server answers only the paths it knows, so a wrong
 * URL or a response of the wrong shape fails instead of passing.
 */
describe('the mock server behind the real API client', () => {
  it('an answer that breaks the schema shows the translated load error, not the data', async () => {
    auth.user = makeProfile({ role: 'Administrator', organizationId: ORGANIZATION_ID });
    // `counts` must be an object of numbers: the client refuses this answer.
    const broken = { ...makeOrganization({ name: 'Broken School' }), counts: 'many' };
    server.use(answer('get', `/organizations/${ORGANIZATION_ID}`, broken));

    await renderAt(<OrganizationDetailsScreen organizationId={ORGANIZATION_ID} members={null} />, {
      route: `/account/organization/${ORGANIZATION_ID}`,
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The organization could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // Neither the data nor the client's English reason reaches the screen.
    expect(screen.queryByText('Broken School')).not.toBeInTheDocument();
    expect(screen.queryByText(/unexpected shape/)).not.toBeInTheDocument();
    expect(receivedRequests('GET', `/organizations/${ORGANIZATION_ID}`)).toHaveLength(1);
  });

  it('a request no handler answers fails, and fails the test that made it', async () => {
    // A handler for the right path does not answer a misspelt one.
    server.use(answer('get', `/organizations/${ORGANIZATION_ID}`, makeOrganization()));
    const error = await api.get(`/organisations/${ORGANIZATION_ID}`).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.code).toBe('network_error');

    // What setup.ts runs after each test: it throws, so the test fails, naming the request.
    const message = `Requests without a mock server handler:\n  GET http://localhost:3000/api/organisations/${ORGANIZATION_ID}`;
    expect(() => endTest()).toThrow(message);
    // endTest took the list, so the real afterEach passes; nothing else is left behind.
    expect(takeUnhandledRequests()).toEqual([]);
  });
});
