import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueueMail } from './mail.service';
import { OutboxWorker } from './mail.worker';
import { smtpTransport } from './mail.transport';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('mail over SMTP (SMTP_URL set)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      seed: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'CareSlot <no-reply@careslot.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers queued mail to the SMTP server, with the calendar invitation attached once', async () => {
    const ics =
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:booking-1@careslot\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    await enqueueMail(t.app.db, {
      to: 'patient@example.com',
      subject: 'Your appointment is confirmed',
      text: 'See you soon',
      html: '<p>See you soon</p>',
      ics: { content: ics, method: 'REQUEST' },
    });
    expect(await t.app.outbox.drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [m] = smtp.received;
    expect(m!.from).toBe('no-reply@careslot.test');
    expect(m!.to).toEqual(['patient@example.com']);
    expect(m!.raw).toContain('Subject: Your appointment is confirmed');
    expect(m!.raw).toMatch(/text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(m!.raw.match(/Content-Type: text\/calendar/gi)).toHaveLength(1);
    // Nothing went to the dev mailbox: it is off when SMTP is configured.
    expect((await t.app.inject({ url: '/dev/mail/messages' })).statusCode).toBe(404);
  });

  it('keeps the message queued when the SMTP server is unreachable, and sends it once it is back', async () => {
    const down = smtpTransport('smtp://127.0.0.1:1');
    const worker = new OutboxWorker(t.app.db, down, 'no-reply@careslot.test', t.app.log, 1000);
    await enqueueMail(t.app.db, { to: 'later@example.com', subject: 'Later', text: 't', html: 'h' });
    expect(await worker.drain()).toBe(0);
    down.close();
    const before = smtp.received.length;
    // The lease and backoff keep it from being retried at once.
    expect(await t.app.outbox.drain()).toBe(0);
    expect(smtp.received.length).toBe(before);
  });
});

describe('several outbox workers on one database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('never send the same message twice', async () => {
    const sent: string[] = [];
    const counting = {
      async send(m: { to: string }) {
        sent.push(m.to);
        await new Promise((r) => setTimeout(r, 2));
      },
      close() {},
    };
    for (let i = 0; i < 60; i++) {
      await enqueueMail(t.app.db, { to: `m${i}@example.com`, subject: `Message ${i}`, text: 't', html: 'h' });
    }
    const workers = [1, 2, 3].map(() => new OutboxWorker(t.app.db, counting, 'x@careslot.test', t.app.log, 1000));
    const counts = await Promise.all(workers.map((w) => w.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(new Set(sent).size).toBe(60);
    expect(sent).toHaveLength(60);
  });
});
