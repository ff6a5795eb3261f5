import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { NotificationDelivery, NotificationKind, NotificationParams } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  assessmentAssignees,
  assessments,
  attempts,
  auditEvents,
  certificates,
  notificationPreferences,
  notifications,
  organizations,
  paymentRecords,
  users,
  type NotificationRow,
} from '../../db/schema/index.ts';

/** The channel a new in-app notification is announced on (LISTEN/NOTIFY), across API instances. */
export const NOTIFICATION_CHANNEL = 'vb_notifications';

/** Someone a notification goes to, with what their mail needs. */
export interface Recipient {
  id: string;
  email: string;
  name: string;
  language: string;
  organizationId: string | null;
}

const recipientColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  language: users.language,
  organizationId: users.organizationId,
};

const ADMINISTRATOR_ROLES = ['Administrator', 'user'];

export async function findRecipients(db: DbOrTx, ids: string[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return db
    .select(recipientColumns)
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.status, 'active')));
}

/** The active Super Administrators (who check receipts and activate bank transfers). */
export async function superAdministrators(db: DbOrTx): Promise<Recipient[]> {
  return db
    .select(recipientColumns)
    .from(users)
    .where(and(eq(users.role, 'Super Administrator'), eq(users.status, 'active')));
}

/** The organization's active Administrators (billing, and marking when an assessment has no owner). */
export async function organizationAdministrators(db: DbOrTx, organizationId: string): Promise<Recipient[]> {
  return db
    .select(recipientColumns)
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        inArray(users.role, ADMINISTRATOR_ROLES),
        eq(users.status, 'active'),
      ),
    );
}

/** A live assessment with what a notification says about it. */
export async function findAssessmentForNotice(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: assessments.id,
      organizationId: assessments.organizationId,
      title: assessments.title,
      status: assessments.status,
      startsAt: assessments.startsAt,
      assignmentMode: assessments.assignmentMode,
      createdBy: assessments.createdBy,
    })
    .from(assessments)
    .where(and(eq(assessments.id, id), isNull(assessments.deletedAt)));
  return row ?? null;
}

/** The active students an assessment is given to: every student of its organization, or the chosen ones. */
export async function assessmentStudents(
  db: DbOrTx,
  assessment: { id: string; organizationId: string; assignmentMode: string },
): Promise<Recipient[]> {
  const student = and(
    eq(users.organizationId, assessment.organizationId),
    eq(users.role, 'Student'),
    eq(users.status, 'active'),
  );
  if (assessment.assignmentMode !== 'selected') {
    return db.select(recipientColumns).from(users).where(student);
  }
  return db
    .select(recipientColumns)
    .from(assessmentAssignees)
    .innerJoin(users, eq(users.id, assessmentAssignees.studentId))
    .where(and(eq(assessmentAssignees.assessmentId, assessment.id), student));
}

export async function findAttemptForNotice(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: attempts.id,
      organizationId: attempts.organizationId,
      assessmentId: attempts.assessmentId,
      studentId: attempts.studentId,
      markingStatus: attempts.markingStatus,
      studentName: users.name,
    })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.studentId))
    .where(eq(attempts.id, id));
  return row ?? null;
}

export async function findCertificateForNotice(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: certificates.id,
      organizationId: certificates.organizationId,
      studentId: certificates.studentId,
      assessmentTitle: certificates.assessmentTitle,
      organizationName: certificates.organizationName,
      revokedAt: certificates.revokedAt,
      revokeReason: certificates.revokeReason,
    })
    .from(certificates)
    .where(eq(certificates.id, id));
  return row ?? null;
}

export async function findPaymentForNotice(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: paymentRecords.id,
      organizationId: paymentRecords.organizationId,
      planName: paymentRecords.planName,
      invoiceNumber: paymentRecords.invoiceNumber,
      endsAt: paymentRecords.endsAt,
      organizationName: organizations.name,
    })
    .from(paymentRecords)
    .innerJoin(organizations, eq(organizations.id, paymentRecords.organizationId))
    .where(eq(paymentRecords.id, id));
  return row ?? null;
}

/** Who invited this person (the audit event of the invitation or import), or null. */
export async function findInviter(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ actorId: auditEvents.actorId })
    .from(auditEvents)
    .where(
      and(inArray(auditEvents.action, ['user.invited', 'user.imported']), eq(auditEvents.targetId, userId)),
    )
    .orderBy(desc(auditEvents.at))
    .limit(1);
  return row?.actorId ?? null;
}

export async function findUserName(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function preferencesOf(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: notificationPreferences.userId,
      kind: notificationPreferences.kind,
      delivery: notificationPreferences.delivery,
    })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, userIds));
}

export async function savePreferences(
  db: DbOrTx,
  userId: string,
  preferences: { kind: NotificationKind; delivery: NotificationDelivery }[],
  now: Date,
): Promise<void> {
  if (preferences.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(preferences.map((p) => ({ userId, kind: p.kind, delivery: p.delivery, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { delivery: sql`excluded.delivery`, updatedAt: now },
    });
}

export interface NewNotification {
  userId: string;
  organizationId: string | null;
  kind: NotificationKind;
  params: NotificationParams;
  link: string | null;
  eventKey: string;
  inApp: boolean;
  createdAt: Date;
}

/** Inserts it unless this event already made one for this person; the new row, or null. */
export async function insertNotification(
  db: DbOrTx,
  values: NewNotification,
): Promise<NotificationRow | null> {
  const [row] = await db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning();
  return row ?? null;
}

/** Announces a new in-app notification to every instance; delivered when the transaction commits. */
export async function announce(db: DbOrTx, row: { id: string; userId: string }): Promise<void> {
  await db.execute(
    sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify({ id: row.id, userId: row.userId })})`,
  );
}

export async function findNotification(db: DbOrTx, id: string): Promise<NotificationRow | null> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row ?? null;
}

export async function markMailed(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(notifications).set({ mailedAt: now }).where(eq(notifications.id, id));
}

const listed = (userId: string) => and(eq(notifications.userId, userId), eq(notifications.inApp, true));

export async function listNotifications(
  db: DbOrTx,
  userId: string,
  options: { limit: number; unread: boolean; before?: Date | undefined },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        listed(userId),
        options.unread ? isNull(notifications.readAt) : undefined,
        options.before ? lt(notifications.createdAt, options.before) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(listed(userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** Marks the caller's own notifications read (the given ones, or all); others' ids change nothing. */
export async function markRead(db: DbOrTx, userId: string, ids: string[] | 'all', now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        listed(userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    );
}
