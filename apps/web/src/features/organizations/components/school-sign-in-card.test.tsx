import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeProfile, renderAt } from '../../../components/layout/test-utils.tsx';
import { ORGANIZATION_ID as ORG } from '../../../test/fixtures.ts';
import { answer, answerError, receivedBody, receivedRequests, server } from '../../../test/msw-server.ts';
import { auth } from '../test-mocks.ts';
import { SchoolSignInCard } from './school-sign-in-card.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../test-mocks.ts')).authProvider);

vi.setConfig({ testTimeout: 20_000 });

const saved = {
  configured: true,
  enabled: true,
  issuer: 'https://accounts.google.com',
  clientId: 'client-1',
  clientSecretSet: true,
  emailDomains: ['hill.test'],
  roleClaim: null,
  roleMappings: [],
  defaultRole: 'Student',
  mode: 'invitation',
  callbackUrl: 'https://vbuilder.example/signin/school/callback',
  available: true,
  updatedAt: '2026-02-03T10:00:00.000Z',
};
const path = `/organizations/${ORG}/school-sign-in`;

async function render(settings: object = saved) {
  auth.user = makeProfile({ role: 'Administrator', organizationId: ORG });
  server.use(answer('get', path, settings));
  await renderAt(<SchoolSignInCard organizationId={ORG} />, { route: `/account/organization/${ORG}` });
  return within(await screen.findByRole('form', { name: "Sign-in with the school's accounts" }));
}

describe('SchoolSignInCard', () => {
  it('shows the redirect URI, keeps the saved secret, and saves what was set', async () => {
    const user = userEvent.setup({ delay: null });
    const card = await render();
    expect(card.getByText('https://vbuilder.example/signin/school/callback')).toBeInTheDocument();
    expect(card.getByText('A secret is saved. Leave empty to keep it.')).toBeInTheDocument();

    await user.click(card.getByText('Just in time: create an account at the first sign-in'));
    await user.type(card.getByLabelText('Claim that gives roles'), 'groups');
    await user.click(card.getByRole('button', { name: 'Add a role rule' }));
    await user.type(card.getByLabelText('Claim value'), 'staff');
    server.use(answer('put', path, { ...saved, mode: 'just_in_time' }));
    await user.click(card.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The sign-in settings are saved.')).toBeInTheDocument();
    expect(await receivedBody('PUT', path)).toEqual({
      enabled: true,
      issuer: 'https://accounts.google.com',
      clientId: 'client-1',
      emailDomains: ['hill.test'],
      roleClaim: 'groups',
      roleMappings: [{ value: 'staff', role: 'Teacher' }],
      defaultRole: 'Student',
      mode: 'just_in_time',
    });
  });

  it('checks the fields before saving, and translates a domain another organization has', async () => {
    const user = userEvent.setup({ delay: null });
    const card = await render({
      ...saved,
      configured: false,
      issuer: '',
      clientId: '',
      clientSecretSet: false,
      emailDomains: [],
    });
    await user.type(card.getByLabelText('Provider address (issuer)'), 'http://school.example');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(
      await card.findByText(
        "Enter the provider's address starting with https://, such as https://accounts.google.com.",
      ),
    ).toBeInTheDocument();
    expect(card.getByText('Enter at least one mail domain.')).toBeInTheDocument();
    expect(receivedRequests('PUT')).toEqual([]);
  });

  it('refuses, translated, a domain another organization signs in with', async () => {
    const user = userEvent.setup({ delay: null });
    const card = await render();
    server.use(answerError('put', path, 409, 'email_domain_taken'));
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Another organization already signs in with one of these email domains.'),
    ).toBeInTheDocument();
  });

  it('tests the connection with the discovery document', async () => {
    const user = userEvent.setup({ delay: null });
    const card = await render();
    server.use(answer('post', `${path}/test`, { ok: true, issuer: 'https://accounts.google.com' }));
    await user.click(card.getByRole('button', { name: 'Test connection' }));
    expect(await card.findByText('The provider answered: https://accounts.google.com')).toBeInTheDocument();
    expect(await receivedBody('POST', `${path}/test`)).toEqual({ issuer: 'https://accounts.google.com' });
  });

  it('says so when the installation signs in at one external provider', async () => {
    auth.user = makeProfile({ role: 'Administrator', organizationId: ORG });
    server.use(answer('get', path, { ...saved, available: false }));
    await renderAt(<SchoolSignInCard organizationId={ORG} />, { route: `/account/organization/${ORG}` });
    expect(
      await screen.findByText(
        'This installation signs everyone in at one external provider, so schools cannot add their own.',
      ),
    ).toBeInTheDocument();
  });
});
