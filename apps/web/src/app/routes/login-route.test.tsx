import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { profile } from '../../lib/auth/test/fixtures.ts';
import { authValue, CurrentPath, renderWithAuth } from '../../lib/auth/test/render.tsx';
import { answer, answerError, server } from '../../test/msw-server.ts';
import { Component as LoginRoute } from './login-route.tsx';

const routes = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/', element: <LoginRoute /> },
  { path: '*', element: <CurrentPath /> },
];

const config = {
  learningPlatformUrl: 'https://learn.example.org',
  supportUrl: 'https://help.example.org',
  billingSupportEmail: null,
};

beforeEach(() => {
  server.use(answer('get', '/auth/config', config));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('login screen', () => {
  it('welcomes the visitor and signs in from the button', async () => {
    const auth = authValue();
    await renderWithAuth(routes, { route: '/login', auth });
    expect(screen.getByRole('heading', { name: 'Welcome to vbuilder' })).toBeInTheDocument();
    expect(auth.login).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(auth.login).toHaveBeenCalledTimes(1);
  });

  it('links to sign-up and forgot password', async () => {
    await renderWithAuth(routes, { route: '/', auth: authValue() });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/sign-up');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotpassword');
  });

  it('starts signing in by itself with ?login=1, once', async () => {
    const auth = authValue();
    await renderWithAuth(routes, { route: '/login?login=1', auth });
    await waitFor(() => expect(auth.login).toHaveBeenCalledTimes(1));
  });

  it('says so when the sign-in service cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const auth = authValue({ login: vi.fn().mockRejectedValue(new Error('offline')) });
    await renderWithAuth(routes, { route: '/login', auth });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the sign-in service');
  });

  it('shows no login screen to a signed-in user (they are being sent on)', async () => {
    await renderWithAuth(routes, {
      route: '/login',
      auth: authValue({ status: 'authenticated', user: profile() }),
    });
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Live tests' })).toBeNull();
  });
});

describe('landing page around it', () => {
  it('presents the three features, each with what it does', async () => {
    await renderWithAuth(routes, { route: '/', auth: authValue() });
    const features = screen.getByRole('region', { name: 'What vbuilder does for you' });
    const items = within(features).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Live tests',
      'High-yield questions',
      'Insightful analytics',
    ]);
    expect(items[0]).toHaveTextContent('saved as they go');
    expect(items[1]).toHaveTextContent('more than thirty types');
    expect(items[2]).toHaveTextContent('pass rates');
  });

  it('calls to action: create an organization, or sign in (which starts signing in on arrival)', async () => {
    const auth = authValue();
    await renderWithAuth(routes, { route: '/', auth });
    const cta = screen.getByRole('region', { name: 'Bring your school or team to vbuilder' });
    expect(within(cta).getByRole('link', { name: 'Create an organization' })).toHaveAttribute(
      'href',
      '/create-organization',
    );
    const signIn = within(cta).getByRole('link', { name: 'Sign in to get started' });
    expect(signIn).toHaveAttribute('href', '/login?login=1');
    // The welcome offers the organization too, for a visitor who does not scroll.
    const welcome = screen.getByRole('region', { name: 'Welcome to vbuilder' });
    expect(within(welcome).getByRole('link', { name: 'Create an organization' })).toHaveAttribute(
      'href',
      '/create-organization',
    );

    expect(auth.login).not.toHaveBeenCalled();
    await userEvent.click(signIn);
    await waitFor(() => expect(auth.login).toHaveBeenCalledTimes(1));
  });

  it('links the products in the footer: the configured learning platform and support, and certificate checks', async () => {
    await renderWithAuth(routes, { route: '/', auth: authValue() });
    const nav = screen.getByRole('navigation', { name: 'Product links' });
    const learning = await within(nav).findByRole('link', { name: 'Learning platform (opens in a new tab)' });
    expect(learning).toHaveAttribute('href', 'https://learn.example.org');
    expect(learning).toHaveAttribute('target', '_blank');
    expect(learning).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(nav).getByRole('link', { name: 'Support (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://help.example.org',
    );
    expect(within(nav).getByRole('link', { name: 'Verify a certificate' })).toHaveAttribute(
      'href',
      '/verify',
    );
  });

  it('leaves out the external links the server does not configure, and still works when it fails', async () => {
    server.use(answerError('get', '/auth/config', 500, 'internal_error'));
    await renderWithAuth(routes, { route: '/', auth: authValue() });
    const nav = screen.getByRole('navigation', { name: 'Product links' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(1));
    expect(within(nav).getByRole('link', { name: 'Verify a certificate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('lets a visitor pick the language, and the whole page follows (Khmer)', async () => {
    await renderWithAuth(routes, { route: '/', auth: authValue() });
    await userEvent.click(screen.getByRole('button', { name: /Language/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'ខ្មែរ' }));
    expect(await screen.findByRole('heading', { name: 'សូមស្វាគមន៍មកកាន់ vbuilder' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ការប្រឡងផ្ទាល់' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ចូលគណនី' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ផ្ទៀងផ្ទាត់វិញ្ញាបនបត្រ' })).toHaveAttribute('href', '/verify');
    await waitFor(() => expect(document.title).toBe('vbuilder៖ ការវាយតម្លៃសម្រាប់សាលារៀន និងស្ថាប័ន'));
    expect(screen.queryByText('Live tests')).toBeNull();
  });
});
