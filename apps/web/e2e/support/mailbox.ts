import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  receivedAt: number;
  /** The attached files, each saved beside the mail's JSON file (e.g. an invoice PDF). */
  attachments: { filename: string; contentType: string; path: string }[];
}

/**
 * A real SMTP server on loopback that keeps each received mail as a JSON file, its attachments as
 * files beside it. Port 0: a free one, returned. Journeys run side by side, so each reads only the
 * mail to its own addresses.
 */
export async function startMailbox(port: number, dir: string) {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
          const base = `${Date.now()}-${++count}`;
          const attachments = parsed.attachments.map((file, i) => {
            const saved = path.join(dir, `${base}-${i}.bin`);
            writeFileSync(saved, file.content);
            return { filename: file.filename ?? '', contentType: file.contentType, path: saved };
          });
          const mail: ReceivedMail = {
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: Date.now(),
            attachments,
          };
          writeFileSync(path.join(dir, `${base}.json`), JSON.stringify(mail));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Waits for the newest mail to this address and returns it. Mail leaves through the job queue
 * after the request has answered, so on a busy 2-core machine running two journeys it can take
 * several seconds: the wait is generous, and a mail that never comes still fails the journey.
 */
export async function waitForMail(
  dir: string,
  to: string,
  since = 0,
  timeoutMs = 30_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      const mails = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail)
        .filter((m) => m.to.split(',').includes(to.toLowerCase()) && m.receivedAt >= since);
      const last = mails.at(-1);
      if (last) return last;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} arrived`);
}

/** The first link in a mail to a path of ours, e.g. '/activate_account'. */
export function linkIn(mail: ReceivedMail, pathname: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${pathname.replace('/', '\\/')}[^\\s]*`));
  if (!match) throw new Error(`No ${pathname} link in mail "${mail.subject}"`);
  return match[0];
}
