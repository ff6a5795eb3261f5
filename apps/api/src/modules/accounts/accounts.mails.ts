import { LIMITS } from '@vbuilder/shared';
import type { MailMessage } from '../mail/mailer.ts';
import { renderMail } from '../mail/templates.ts';

/** The SPA pages the links open (SPEC §2 public routes). */
export const activationLink = (baseUrl: string, token: string) =>
  `${baseUrl}/activate_account?token=${encodeURIComponent(token)}`;
export const resetLink = (baseUrl: string, token: string) =>
  `${baseUrl}/resetpassword?token=${encodeURIComponent(token)}`;

const hello = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');
const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

export const activationMail = (to: { email: string; name: string }, link: string): MailMessage =>
  renderMail({
    to: to.email,
    subject: 'Activate your vbuilder account',
    greeting: hello(to.name),
    paragraphs: [
      'Thank you for signing up for vbuilder. Please confirm your email address to activate your account.',
    ],
    action: { label: 'Activate my account', url: link },
    after: [
      `This link works once and expires in ${hours(LIMITS.activationLinkHours)}.`,
      'If you did not sign up for vbuilder, you can ignore this email: no account will be activated.',
    ],
  });

/** To the owner of an existing account when someone signs up again with its email. */
export const signUpAttemptMail = (to: { email: string; name: string }, link: string | null): MailMessage =>
  renderMail({
    to: to.email,
    subject: 'Someone tried to sign up to vbuilder with your email',
    greeting: hello(to.name),
    paragraphs: [
      'Someone just tried to create a vbuilder account with this email address, but you already have an account.',
      link
        ? 'If it was you and you have forgotten your password, you can choose a new one:'
        : 'Your account has been deactivated. If you need it again, please contact your organization’s administrator.',
    ],
    ...(link ? { action: { label: 'Choose a new password', url: link } } : {}),
    after: [
      ...(link ? [`This link works once and expires in ${hours(LIMITS.resetLinkHours)}.`] : []),
      'If it was not you, you can ignore this email: nothing has changed on your account.',
    ],
  });

export const resetPasswordMail = (to: { email: string; name: string }, link: string): MailMessage =>
  renderMail({
    to: to.email,
    subject: 'Reset your vbuilder password',
    greeting: hello(to.name),
    paragraphs: ['We received a request to reset the password of your vbuilder account.'],
    action: { label: 'Choose a new password', url: link },
    after: [
      `This link works once and expires in ${hours(LIMITS.resetLinkHours)}.`,
      'If you did not ask for this, you can ignore this email: your password stays the same.',
    ],
  });
