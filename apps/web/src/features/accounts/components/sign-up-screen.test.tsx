import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, answerError, receivedBody, receivedRequests, server } from '../../../test/msw-server.ts';
import { renderScreen } from '../test-utils.tsx';
import { SignUpScreen } from './sign-up-screen.tsx';

// Typing into several fields takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('SignUpScreen', () => {
  it('shows translated field errors and sends nothing while the form is invalid', async () => {
    const user = userEvent.setup({ delay: null });
    await renderScreen(<SignUpScreen />);

    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Please enter a name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('The password must have at least 10 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(receivedRequests()).toEqual([]);
  });

  it('creates the account and asks the visitor to check their email', async () => {
    server.use(answer('post', '/accounts/sign-up', { message: 'Check your email' }, { status: 201 }));
    const user = userEvent.setup({ delay: null });
    await renderScreen(<SignUpScreen />);

    await user.type(screen.getByLabelText('Name'), '  Ada Lovelace ');
    await user.type(screen.getByLabelText('Email'), 'Ada@School.test');
    await user.type(screen.getByLabelText('Password'), 'analytical-engine');
    await user.type(screen.getByLabelText('Confirm password'), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent an activation link to ada@school.test');
    expect(await receivedBody('POST', '/accounts/sign-up')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@school.test',
      password: 'analytical-engine',
      language: 'en',
    });
    expect(screen.getByRole('button', { name: 'Resend activation email' })).toBeInTheDocument();
  });

  it('shows server field errors next to their fields', async () => {
    server.use(
      answerError('post', '/accounts/sign-up', 400, 'validation_error', {
        message: 'The request is not valid',
        details: [{ path: ['email'], message: 'validation.emailTooLong' }],
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderScreen(<SignUpScreen />);

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@school.test');
    await user.type(screen.getByLabelText('Password'), 'analytical-engine');
    await user.type(screen.getByLabelText('Confirm password'), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('The email address is too long.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some of the information is not valid.');
  });
});
