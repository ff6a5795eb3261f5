import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { answerError, receivedRequests, server } from '../../../test/msw-server.ts';
import { renderScreen } from '../test-utils.tsx';
import { ResetPasswordScreen } from './reset-password-screen.tsx';
import { SignUpScreen } from './sign-up-screen.tsx';

// The estimator and its word lists load on first use; typing into several fields takes a while.
vi.setConfig({ testTimeout: 30_000 });

/** The meter: the new password field's description (what a screen reader reads with the field). */
const meterOf = (field: HTMLElement) => {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const meter = ids
    .map((id) => document.getElementById(id))
    .find((node) => node?.textContent?.includes('10'));
  expect(meter, 'the meter describes the field').toBeTruthy();
  return meter!;
};

describe('password strength meter', () => {
  it('says how strong the password is and why not, counting the name and email typed above', async () => {
    const user = userEvent.setup({ delay: null });
    await renderScreen(<SignUpScreen />);
    await user.type(screen.getByLabelText('Name'), 'Somchai Jaidee');
    await user.type(screen.getByLabelText('Email'), 'somchai.jaidee@riverside.example');
    const field = screen.getByLabelText('Password');
    const meter = meterOf(field);

    await user.type(field, 'password123');
    expect(await within(meter).findByText('Password strength: Very weak')).toBeInTheDocument();
    expect(within(meter).getByText('This is a commonly used password.')).toBeInTheDocument();
    expect(within(meter).getByText('Add more words that are less common.')).toBeInTheDocument();
    expect(within(meter).getByText('At least “Good” is needed.')).toBeInTheDocument();
    // The level is in words, read politely as it changes, not told by colour alone.
    expect(within(meter).getByText('Password strength: Very weak')).toHaveAttribute('aria-live', 'polite');

    await user.clear(field);
    await user.type(field, 'jaideesomchai');
    expect(
      await within(meter).findByText(
        "It contains your name, your email address or your organization's name.",
      ),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'monsoon ladder tamarind quietly');
    expect(await within(meter).findByText('Password strength: Strong')).toBeInTheDocument();
    expect(within(meter).queryByText('At least “Good” is needed.')).not.toBeInTheDocument();

    // A weak password is refused in the browser, with no request.
    await user.clear(field);
    await user.type(field, 'qwertyuiop');
    await user.type(screen.getByLabelText('Confirm password'), 'qwertyuiop');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This password is too easy to guess.')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(receivedRequests()).toEqual([]);
  });

  it('speaks Thai, the feedback keys translated', async () => {
    await i18n.changeLanguage('th');
    try {
      const user = userEvent.setup({ delay: null });
      await renderScreen(<ResetPasswordScreen token={'r'.repeat(32)} />);
      const field = await screen.findByLabelText('รหัสผ่านใหม่');
      const meter = meterOf(field);
      await user.type(field, 'aaaaaaaaaa');
      expect(await within(meter).findByText('ความรัดกุมของรหัสผ่าน: อ่อนมาก')).toBeInTheDocument();
      expect(within(meter).getByText('ตัวอักษรซ้ำ ๆ เช่น “aaa” เดาได้ง่าย')).toBeInTheDocument();
      expect(within(meter).getByText('หลีกเลี่ยงคำและตัวอักษรที่ซ้ำกัน')).toBeInTheDocument();
      expect(within(meter).getByText('อย่างน้อย 10 ตัวอักษร')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("shows the server's reasons on the field when it refuses the password", async () => {
    // On a reset link only the server knows whose account it is (here: the name is in the password).
    server.use(
      answerError('post', '/accounts/reset-password', 400, 'weak_password', {
        message: 'Please choose a stronger password.',
        details: [
          {
            path: ['password'],
            message: 'validation.passwordWeak',
            score: 1,
            minScore: 3,
            warning: 'userInputs',
            suggestions: ['anotherWord'],
          },
        ],
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderScreen(<ResetPasswordScreen token={'r'.repeat(32)} />);
    const field = screen.getByLabelText('New password');
    await user.type(field, 'Somchai Jaidee 1984 river');
    await user.type(screen.getByLabelText('Confirm new password'), 'Somchai Jaidee 1984 river');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Please choose a stronger password.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const meter = meterOf(field);
    expect(within(meter).getByText('Password strength: Weak')).toBeInTheDocument();
    expect(
      within(meter).getByText("It contains your name, your email address or your organization's name."),
    ).toBeInTheDocument();

    // Another password: the server's verdict was about the old one.
    await user.type(field, 'x');
    expect(within(meter).queryByText(/your organization's name/)).not.toBeInTheDocument();
  });
});
