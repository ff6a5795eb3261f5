import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP peer received it: the envelope's recipients and the parsed message. */
export interface ReceivedMail {
  to: string[];
  mail: ParsedMail;
}

export interface SmtpPeer {
  /** SMTP_URL for the app under test. */
  url: string;
  /** Every mail delivered so far, in order of arrival. */
  received: ReceivedMail[];
  /** Every message the peer was offered, refused ones included. */
  attempts(): number;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on a port the system picks, for the app's mailer to deliver
 * to: no authentication or STARTTLS, each mail parsed back with mailparser. `size` caps a message
 * in bytes as a real server would (unlimited when not given); `refuse` turns the first that many
 * messages away with a temporary failure (451), as a busy server does.
 */
export async function startSmtpPeer(options: { size?: number; refuse?: number } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: options.size,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          attempts += 1;
          if (attempts <= (options.refuse ?? 0)) {
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
          received.push({ to: (session.envelope.rcptTo ?? []).map((r) => r.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
