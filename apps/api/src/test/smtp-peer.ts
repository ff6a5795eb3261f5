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
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on a port the system picks, for the app's mailer to deliver
 * to: no authentication or STARTTLS, each mail parsed back with mailparser. `size` caps a message
 * in bytes as a real server would (unlimited when not given).
 */
export async function startSmtpPeer(options: { size?: number } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: options.size,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
