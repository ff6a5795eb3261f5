import type { MailMessage } from '../mail/mailer.ts';
import { mailTo, type MailRecipient } from '../accounts/accounts.mails.ts';

/** The page where a student sees their certificates (docs/product/screens.md /account/certifications/{USER_ID}). */
export const certificatesPageLink = (baseUrl: string, userId: string, language?: string | null) =>
  `${baseUrl}/account/certifications/${encodeURIComponent(userId)}${language ? `?lng=${encodeURIComponent(language)}` : ''}`;

/** To the student, in their language, when a certificate is given to them (by hand, by the rule or as a reissue). */
export const certificateGivenMail = (
  to: MailRecipient,
  certificate: { assessmentTitle: string; organizationName: string },
  links: { certificates: string; verification: string },
): MailMessage =>
  mailTo(to, (t) => ({
    subject: t('certificates:mail.given.subject', { assessment: certificate.assessmentTitle }),
    paragraphs: [
      t('certificates:mail.given.intro', {
        organization: certificate.organizationName,
        assessment: certificate.assessmentTitle,
      }),
    ],
    action: { label: t('certificates:mail.given.action'), url: links.certificates },
    after: [t('certificates:mail.given.verify', { url: links.verification })],
  }));
