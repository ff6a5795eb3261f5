import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answer,
  http,
  HttpResponse,
  receivedBody,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import { renderScreen } from '../test-utils.tsx';
import { SignInScreen } from './sign-in-screen.tsx';

const details = { uid: 'abc123', prompt: 'login', clientId: 'vbuilder-web' };

/** The sign-in page's JSON endpoints live under /signin/<uid>/ on the API server, not under /api. */
const signin = (method: 'get' | 'post', step: 'details' | 'login', status: number, body: unknown) =>
  http[method](`/signin/:uid/${step}`, () => HttpResponse.json(body as Record<string, unknown>, { status }));

// Typing into several fields takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('SignInScreen', () => {
  const assign = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, assign });
    // No school signs in with these addresses unless a test says otherwise.
    server.use(
      http.get('/signin/:uid/school', () =>
        HttpResponse.json({ code: 'school_sign_in_not_found', message: 'none' }, { status: 404 }),
      ),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it('signs in and follows the redirect of the provider', async () => {
    server.use(
      signin('get', 'details', 200, { ...details, loginHint: 'ada@school.test' }),
      signin('post', 'login', 200, { redirectTo: '/oidc/auth/abc123' }),
    );
    const user = userEvent.setup({ delay: null });
    await renderScreen(<SignInScreen uid="abc123" />);

    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('ada@school.test');
    expect(receivedRequests('GET', '/signin/abc123/details')).toHaveLength(1);
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/oidc/auth/abc123'));
    expect(await receivedBody('POST', '/signin/abc123/login')).toEqual({
      email: 'ada@school.test',
      password: 'correct horse battery',
    });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/sign-up');
  });

  it('shows the translated message for wrong credentials and clears the password', async () => {
    server.use(
      signin('get', 'details', 200, details),
      signin('post', 'login', 401, { code: 'invalid_credentials', message: 'Invalid' }),
    );
    const user = userEvent.setup({ delay: null });
    await renderScreen(<SignInScreen uid="abc123" />);

    await user.type(await screen.findByLabelText('Email'), 'ada@school.test');
    await user.type(screen.getByLabelText('Password'), 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The email or password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(assign).not.toHaveBeenCalled();
  });

  it('checks the fields before calling the provider', async () => {
    server.use(signin('get', 'details', 200, details));
    const user = userEvent.setup({ delay: null });
    await renderScreen(<SignInScreen uid="abc123" />);

    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(receivedRequests()).toHaveLength(1);
  });

  it('continues at once when the provider answered the consent step itself', async () => {
    server.use(
      signin('get', 'details', 200, {
        ...details,
        prompt: 'consent',
        redirectTo: '/oidc/auth/abc123/resume',
      }),
    );
    await renderScreen(<SignInScreen uid="abc123" />);

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/oidc/auth/abc123/resume'));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('offers to start again when the interaction has expired', async () => {
    server.use(signin('get', 'details', 404, { code: 'interaction_expired', message: 'gone' }));
    await renderScreen(<SignInScreen uid="old" />);

    expect(await screen.findByRole('heading', { name: 'This sign-in page has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/login?login=1');
  });

  it('switches to the expired state when the interaction ends during sign-in', async () => {
    server.use(
      signin('get', 'details', 200, details),
      signin('post', 'login', 404, { code: 'interaction_expired', message: 'gone' }),
    );
    const user = userEvent.setup({ delay: null });
    await renderScreen(<SignInScreen uid="abc123" />);

    await user.type(await screen.findByLabelText('Email'), 'ada@school.test');
    await user.type(screen.getByLabelText('Password'), 'whatever-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('link', { name: 'Start again' })).toBeInTheDocument();
  });

  it('offers a new activation email to an account that is not activated', async () => {
    server.use(
      signin('get', 'details', 200, details),
      signin('post', 'login', 403, { code: 'account_not_activated', message: 'no' }),
      answer('post', '/accounts/resend-activation', { message: 'ok' }, { status: 202 }),
    );
    const user = userEvent.setup({ delay: null });
    await renderScreen(<SignInScreen uid="abc123" />);

    await user.type(await screen.findByLabelText('Email'), 'Ada@School.test ');
    await user.type(screen.getByLabelText('Password'), 'whatever-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Resend activation email' }));

    expect(await screen.findByText(/a new link is on its way/)).toBeInTheDocument();
    expect(await receivedBody('POST', '/accounts/resend-activation')).toEqual({ email: 'ada@school.test' });
  });

  it("offers the school's own sign-in when the email's domain has one, and goes there", async () => {
    server.use(
      signin('get', 'details', 200, details),
      http.get('/signin/:uid/school', ({ request }) =>
        new URL(request.url).searchParams.get('email') === 'ada@riverside.example'
          ? HttpResponse.json({ organizationName: 'Riverside School' })
          : HttpResponse.json({ code: 'school_sign_in_not_found', message: 'none' }, { status: 404 }),
      ),
      http.post('/signin/:uid/school', () =>
        HttpResponse.json({ redirectTo: 'https://login.riverside.example/authorize?x=1' }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await renderScreen(<SignInScreen uid="abc123" />);

    await user.type(await screen.findByLabelText('Email'), 'Ada@Riverside.example');
    await user.click(await screen.findByRole('button', { name: 'Continue with your school account' }));
    expect(screen.getByText('Riverside School signs in with its own accounts.')).toBeInTheDocument();

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.riverside.example/authorize?x=1'));
    expect(await receivedBody('POST', '/signin/abc123/school')).toEqual({ email: 'ada@riverside.example' });
  });

  it("shows, translated, why the school's sign-in was refused", async () => {
    server.use(signin('get', 'details', 200, details));
    await renderScreen(<SignInScreen uid="abc123" />, {
      route: '/signin/abc123?error=school_account_not_invited',
      path: '/signin/:uid',
    });

    expect(
      await screen.findByText(
        "There is no vbuilder account for this email address yet. Ask your school's administrator to invite you.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Continue with your school account' }),
    ).not.toBeInTheDocument();
  });
});
