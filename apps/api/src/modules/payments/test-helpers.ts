import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditEvents, mailOutbox, paymentRecords, type PaymentRecordRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { INVOICE_MAIL_QUEUE } from './payments.requests.ts';

/** A clock the test moves. */
export function movableClock(
  start: string,
): Clock & { set(iso: string | Date): void; advanceDays(days: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current.getTime()),
    set(iso) {
      current = new Date(iso);
    },
    advanceDays(days) {
      current = new Date(current.getTime() + days * 86_400_000);
    },
  };
}

const BOUNDARY = 'payments-test-boundary';

/** A multipart body with one file in `field`. */
export function multipartFile(field: string, filename: string, contentType: string, bytes: Buffer) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([head, bytes, tail]),
  };
}

/** The smallest PDF file-type recognises by its bytes. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export async function recordRow(app: FastifyInstance, id: string): Promise<PaymentRecordRow | null> {
  const [row] = await app.db.select().from(paymentRecords).where(eq(paymentRecords.id, id));
  return row ?? null;
}

export async function auditOf(app: FastifyInstance, id: string) {
  return app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'payment'), eq(auditEvents.targetId, id)));
}

/** The mails kept for `email`, once a new invoice's mail job (workers are off in tests) has run. */
export async function mailsTo(app: FastifyInstance, email: string) {
  await app.jobs.drain([INVOICE_MAIL_QUEUE]);
  await app.mailer.idle();
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}
