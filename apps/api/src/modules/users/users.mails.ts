import { LIMITS } from '@vbuilder/shared';
import { languageParam, mailTo, type MailRecipient } from '../mail/templates.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** The reset-password page, told it is an invitation so it can greet a new user instead (in their language). */
export const invitationLink = (baseUrl: string, token: string, language?: string | null) =>
  `${baseUrl}/resetpassword?token=${encodeURIComponent(token)}&invite=1${languageParam(language)}`;

export interface InvitationDetails {
  role: string;
  organizationName: string | null;
  /** Who added the person, when known; mails from an import or the CLI may have nobody to name. */
  inviterName: string | null;
}

/** To a person an administrator (or teacher) added, in their language: a one-time link to choose their password. */
export function invitationMail(to: MailRecipient, link: string, details: InvitationDetails): MailMessage {
  return mailTo(to, (t) => {
    const organization = details.organizationName?.trim() || null;
    const inviter = details.inviterName?.trim() || t('mail:invitation.anAdministrator');
    const role = t(`common:roles.${details.role}`, { defaultValue: details.role });
    return {
      subject: organization
        ? t('mail:invitation.subjectOrganization', { organization })
        : t('mail:invitation.subject'),
      paragraphs: [
        organization
          ? t('mail:invitation.introOrganization', { inviter, organization, role })
          : t('mail:invitation.intro', { inviter, role }),
        t('mail:invitation.start'),
      ],
      action: { label: t('mail:invitation.action'), url: link },
      after: [
        t('mail:invitation.expires', { count: LIMITS.activationLinkHours }),
        t('mail:invitation.ignore'),
      ],
    };
  });
}
