import { LIMITS } from '@vbuilder/shared';
import type { MailMessage } from '../mail/mailer.ts';
import { languageParam, mailTo, type MailRecipient } from '../mail/templates.ts';

// Every module writes its mails with these (mail/templates.ts); payments and certificates import them from here.
export { mailTo, type MailRecipient };

/** The SPA pages the links open (docs/product/screens.md public routes), in the recipient's language when given. */
export const activationLink = (baseUrl: string, token: string, language?: string | null) =>
  `${baseUrl}/activate_account?token=${encodeURIComponent(token)}${languageParam(language)}`;
export const resetLink = (baseUrl: string, token: string, language?: string | null) =>
  `${baseUrl}/resetpassword?token=${encodeURIComponent(token)}${languageParam(language)}`;

export const activationMail = (to: MailRecipient, link: string): MailMessage =>
  mailTo(to, (t) => ({
    subject: t('mail:activation.subject'),
    paragraphs: [t('mail:activation.intro')],
    action: { label: t('mail:activation.action'), url: link },
    after: [t('mail:linkExpires', { count: LIMITS.activationLinkHours }), t('mail:activation.ignore')],
  }));

/** To the owner of an existing account when someone signs up again with its email. */
export const signUpAttemptMail = (to: MailRecipient, link: string | null): MailMessage =>
  mailTo(to, (t) => ({
    subject: t('mail:signUpAttempt.subject'),
    paragraphs: [
      t('mail:signUpAttempt.intro'),
      link ? t('mail:signUpAttempt.forgot') : t('mail:signUpAttempt.deactivated'),
    ],
    ...(link ? { action: { label: t('mail:signUpAttempt.action'), url: link } } : {}),
    after: [
      ...(link ? [t('mail:linkExpires', { count: LIMITS.resetLinkHours })] : []),
      t('mail:signUpAttempt.ignore'),
    ],
  }));

export const resetPasswordMail = (to: MailRecipient, link: string): MailMessage =>
  mailTo(to, (t) => ({
    subject: t('mail:reset.subject'),
    paragraphs: [t('mail:reset.intro')],
    action: { label: t('mail:reset.action'), url: link },
    after: [t('mail:linkExpires', { count: LIMITS.resetLinkHours }), t('mail:reset.ignore')],
  }));

/**
 * To the owner when someone keeps failing to sign in to their account: nothing is
 * locked, but they should know, and how to choose a stronger password if it was not them.
 */
export const failedSignInsMail = (
  to: MailRecipient,
  facts: { failures: number; forgotLink: string },
): MailMessage =>
  mailTo(to, (t) => ({
    subject: t('mail:failedSignIns.subject'),
    paragraphs: [
      t('mail:failedSignIns.intro', { count: facts.failures, minutes: LIMITS.loginWindowMinutes }),
      t('mail:failedSignIns.notLocked'),
      t('mail:failedSignIns.ifNotYou'),
    ],
    action: { label: t('mail:failedSignIns.action'), url: facts.forgotLink },
    after: [t('mail:failedSignIns.ifYou')],
  }));

/** To the new address of an email change: the link that makes the change. */
export const emailConfirmMail = (to: MailRecipient, link: string): MailMessage =>
  mailTo(to, (t) => ({
    subject: t('mail:emailConfirm.subject'),
    paragraphs: [t('mail:emailConfirm.intro')],
    action: { label: t('mail:emailConfirm.action'), url: link },
    after: [t('mail:linkExpires', { count: LIMITS.emailChangeLinkHours }), t('mail:emailConfirm.ignore')],
  }));

/** To the old address once an email change is made, with the way back. */
export const emailChangedMail = (
  to: MailRecipient,
  facts: { newEmail: string; undoLink: string },
): MailMessage =>
  mailTo(to, (t) => ({
    subject: t('mail:emailChanged.subject'),
    paragraphs: [
      t('mail:emailChanged.intro', { email: facts.newEmail }),
      t('mail:emailChanged.notYou', { count: LIMITS.emailChangeUndoDays }),
    ],
    action: { label: t('mail:emailChanged.action'), url: facts.undoLink },
    after: [t('mail:emailChanged.ifYou')],
  }));
