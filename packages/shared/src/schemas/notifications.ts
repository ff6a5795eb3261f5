import { z } from 'zod';
import type { Role } from '../roles.ts';

/**
 * The notifications contract (docs/product/api.md). Every signed-in person reads and changes only
 * their own notifications and preferences. Dates are ISO strings.
 *
 * Routes (all under /api/notifications):
 * - GET  /              NotificationListQuery → NotificationListResponse (newest first, with the unread count)
 * - POST /read          MarkReadBody → { unread } (the listed ids, or all when `all` is true)
 * - GET  /stream        server-sent events: `unread` ({ unread }) at once, then `notification`
 *                       (NotificationStreamEvent) for each new one; a comment line every 25 s keeps
 *                       proxies from closing it
 * - GET  /preferences   NotificationPreferencesResponse (every kind the caller's role can get)
 * - PUT  /preferences   NotificationPreferencesBody → NotificationPreferencesResponse
 */

/** What a notification is about; each has its sentence in the `notifications` namespace of both apps. */
export const NOTIFICATION_KINDS = [
  'assessment_published',
  'assessment_opening_soon',
  'result_released',
  'result_regraded',
  'marking_waiting',
  'certificate_given',
  'certificate_revoked',
  'invoice_issued',
  'payment_activated',
  'subscription_expiring',
  'invitation_accepted',
  'receipt_uploaded',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** How a person wants a kind: in the app, by mail, both or neither. */
export const NOTIFICATION_DELIVERIES = ['both', 'in_app', 'mail', 'none'] as const;
export const NotificationDeliverySchema = z.enum(NOTIFICATION_DELIVERIES);
export type NotificationDelivery = z.infer<typeof NotificationDeliverySchema>;

const STUDENT_KINDS = [
  'assessment_published',
  'assessment_opening_soon',
  'result_released',
  'result_regraded',
  'certificate_given',
  'certificate_revoked',
] as const satisfies readonly NotificationKind[];
const ADMINISTRATOR_KINDS = [
  'marking_waiting',
  'invoice_issued',
  'payment_activated',
  'subscription_expiring',
  'invitation_accepted',
] as const satisfies readonly NotificationKind[];

/**
 * The kinds a role can be sent (the preferences screen lists only these). Billing goes to
 * Administrators; a Teacher hears about marking; a Student about assessments, results and
 * certificates; whoever invites people hears about acceptances.
 */
export function notificationKindsFor(role: Role): readonly NotificationKind[] {
  if (role === 'Student') return STUDENT_KINDS;
  if (role === 'Teacher') return ['marking_waiting', 'invitation_accepted'];
  // The Super Administrator activates bank transfers: a receipt waits for their check.
  if (role === 'Super Administrator') return ['invitation_accepted', 'receipt_uploaded'];
  return ADMINISTRATOR_KINDS;
}

/**
 * Without a choice: what needs acting on or concerns money comes both ways; the rest in the app
 * only, so nobody's mailbox fills with what the bell already says.
 */
export const DEFAULT_DELIVERY: Record<NotificationKind, NotificationDelivery> = {
  assessment_published: 'both',
  assessment_opening_soon: 'both',
  result_released: 'both',
  result_regraded: 'both',
  marking_waiting: 'in_app',
  certificate_given: 'both',
  // The holder must know their certificate no longer counts, and why: mailed by default.
  certificate_revoked: 'both',
  invoice_issued: 'both',
  payment_activated: 'both',
  subscription_expiring: 'both',
  invitation_accepted: 'in_app',
  receipt_uploaded: 'both',
};

/**
 * Kinds whose module already mails the person with the document itself (the invoice PDF, the
 * certificate): the notification is in the app only, so nobody gets the same news twice, and
 * the preferences offer no mail choice for them.
 */
export const KINDS_MAILED_BY_THEIR_MODULE: readonly NotificationKind[] = [
  'certificate_given',
  'invoice_issued',
  'payment_activated',
  'subscription_expiring',
  // The receipt itself goes by mail with the "receipt to check" message.
  'receipt_uploaded',
];

/** How long before an assessment opens its "opening soon" reminder is made. */
export const OPENING_SOON_LEAD_MS = 60 * 60 * 1000;

/** The values a kind's sentence may name (all optional: each kind uses its own). */
export const NotificationParamsSchema = z.object({
  assessmentTitle: z.string().optional(),
  opensAt: z.string().optional(),
  studentName: z.string().optional(),
  personName: z.string().optional(),
  count: z.number().int().optional(),
  invoiceNumber: z.string().optional(),
  planName: z.string().optional(),
  endsAt: z.string().optional(),
  organizationName: z.string().optional(),
  /** Why a certificate was revoked, as the Administrator wrote it. */
  reason: z.string().optional(),
});
export type NotificationParams = z.infer<typeof NotificationParamsSchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  kind: NotificationKindSchema,
  params: NotificationParamsSchema,
  /** The app path of what it is about (e.g. /account/assessments/<id>), or null. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NOTIFICATION_LIMITS = { pageMax: 100, markMax: 100 } as const;

export const NotificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMITS.pageMax).default(20),
  /** Only unread ones. */
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /** Older than this notification's time (the next page). */
  before: z.iso.datetime({ offset: true }).optional(),
});
export type NotificationListQuery = z.input<typeof NotificationListQuerySchema>;

export const NotificationListResponseSchema = z.object({
  items: z.array(NotificationSchema),
  unread: z.number().int(),
  /** Pass as `before` for older ones; null when there are none. */
  nextBefore: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponseSchema>;

export const MarkReadBodySchema = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(NOTIFICATION_LIMITS.markMax) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkReadBody = z.infer<typeof MarkReadBodySchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** The `notification` event of the stream. */
export const NotificationStreamEventSchema = z.object({
  notification: NotificationSchema,
  unread: z.number().int(),
});
export type NotificationStreamEvent = z.infer<typeof NotificationStreamEventSchema>;

export const NotificationPreferenceSchema = z.object({
  kind: NotificationKindSchema,
  delivery: NotificationDeliverySchema,
});
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;

export const NotificationPreferencesResponseSchema = z.object({
  preferences: z.array(NotificationPreferenceSchema),
});
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponseSchema>;

export const NotificationPreferencesBodySchema = z.object({
  preferences: z.array(NotificationPreferenceSchema).min(1).max(NOTIFICATION_KINDS.length),
});
export type NotificationPreferencesBody = z.infer<typeof NotificationPreferencesBodySchema>;
