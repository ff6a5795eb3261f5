import { displayRole, LIMITS } from '@vbuilder/shared';
import type { MailMessage } from '../mail/mailer.ts';
import { renderMail } from '../mail/templates.ts';

/** The reset-password page, told it is an invitation so it can greet a new user instead. */
export const invitationLink = (baseUrl: string, token: string) =>
  `${baseUrl}/resetpassword?token=${encodeURIComponent(token)}&invite=1`;

export interface InvitationDetails {
  role: string;
  organizationName: string | null;
  /** Who added the person, when known; mails from an import or the CLI may have nobody to name. */
  inviterName: string | null;
}

/** To a person an administrator (or teacher) added: a one-time link to choose their password. */
export function invitationMail(
  to: { email: string; name: string },
  link: string,
  details: InvitationDetails,
): MailMessage {
  const where = details.organizationName ? `${details.organizationName} on vbuilder` : 'vbuilder';
  const who = details.inviterName?.trim() ? details.inviterName.trim() : 'An administrator';
  return renderMail({
    to: to.email,
    subject: details.organizationName
      ? `You are invited to join ${details.organizationName} on vbuilder`
      : 'You are invited to vbuilder',
    greeting: to.name.trim() ? `Hello ${to.name.trim()},` : 'Hello,',
    paragraphs: [
      `${who} has created a vbuilder account for you at ${where}, with the role ${displayRole(details.role)}.`,
      'To start, choose your password. Your account becomes active as soon as you do.',
    ],
    action: { label: 'Choose my password', url: link },
    after: [
      `This link works once and expires in ${LIMITS.activationLinkHours} hours. If it has expired, use “Forgot password” on the sign-in page with this email address.`,
      'If you were not expecting this invitation, you can ignore this email.',
    ],
  });
}
