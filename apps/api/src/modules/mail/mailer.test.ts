import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { renderMail } from './templates.ts';

const message = (to: string) =>
  renderMail({
    to,
    subject: 'Hello <there>',
    greeting: 'Hello Ada & co,',
    paragraphs: ['Here is <b>your</b> link.'],
    action: { label: 'Open', url: 'http://localhost:3999/activate_account?token=abc_DEF-123' },
  });

const outboxRow = async (t: TestApp, id: string | null) => {
  expect(id).not.toBeNull();
  const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
  return row!;
};

describe('mailer over SMTP', () => {
  let t: TestApp;
  let peer: SmtpPeer;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await buildTestApp({ SMTP_URL: peer.url, MAIL_FROM: 'vbuilder <mail@vbuilder.test>' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('delivers text and HTML, and marks the outbox row sent', async () => {
    const { id } = await t.app.mailer.send(message('ada@example.test'));
    await t.app.mailer.idle();

    expect(peer.received).toHaveLength(1);
    const { to: envelopeTo, mail } = peer.received[0]!;
    expect(envelopeTo).toEqual(['ada@example.test']);
    expect(mail.subject).toBe('Hello <there>');
    expect(mail.from?.text).toContain('mail@vbuilder.test');
    expect(mail.text).toContain('Open: http://localhost:3999/activate_account?token=abc_DEF-123');
    // User-supplied text is escaped in the HTML part.
    expect(mail.html).toContain('Hello Ada &amp; co,');
    expect(mail.html).toContain('&lt;b&gt;your&lt;/b&gt;');
    expect(mail.html).toContain('href="http://localhost:3999/activate_account?token=abc_DEF-123"');

    const row = await outboxRow(t, id);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
  });

  it('keeps and sends nothing to a reserved .invalid address (RFC 6761)', async () => {
    const before = peer.received.length;
    const { id } = await t.app.mailer.send(message('lti-0b7c@lti.invalid'));
    await t.app.mailer.idle();
    expect(id).toBeNull();
    expect(peer.received).toHaveLength(before);
    expect(await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'lti-0b7c@lti.invalid'))).toEqual(
      [],
    );
  });
});

describe('mailer when SMTP fails', () => {
  let t: TestApp;
  // An SMTP port that hangs up on every connection. It stays ours for the whole test: a port
  // closed again after probing could be taken by another process before the mailer connects.
  const hangUp = createServer((socket) => socket.destroy());

  beforeAll(async () => {
    await new Promise<void>((resolve) => hangUp.listen(0, '127.0.0.1', resolve));
    const { port } = hangUp.address() as AddressInfo;
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => hangUp.close(() => resolve()));
  });

  it('keeps the mail with the error and never fails the request that sent it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      payload: { name: 'Ada', email: 'ada@example.test', password: 'long enough password' },
    });
    expect(res.statusCode).toBe(201);
    await t.app.mailer.idle();
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ada@example.test'));
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toMatch(/closed unexpectedly|ECONNRESET/i);
    expect(row!.text).toContain('/activate_account?token=');
  });
});

describe('mailer without SMTP', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    t = await buildTestApp({}, { logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('keeps the mail unsent in the outbox and logs where to read it, never its links', async () => {
    const { id } = await t.app.mailer.send(message('grace@example.test'));
    await t.app.mailer.idle();
    const logged = lines.find((l) => l.outboxId === id);
    expect(logged).toMatchObject({ to: 'grace@example.test', subject: 'Hello <there>' });
    expect(String(logged!.msg)).toContain('mail_outbox');
    // A link in a mail is a way into an account: the log never holds one.
    expect(JSON.stringify(lines)).not.toContain('abc_DEF-123');
    const row = await outboxRow(t, id);
    expect(row).toMatchObject({
      to: 'grace@example.test',
      subject: 'Hello <there>',
      sentAt: null,
      error: null,
    });
    expect(row.html).toContain('<!doctype html>');
    expect(row.text).toContain('token=abc_DEF-123');
  });
});
