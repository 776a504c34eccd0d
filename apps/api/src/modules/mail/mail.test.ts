import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { createTestApp, mailTo, type TestApp } from '../../test/test-app';
import { enqueueMail } from './mail.service';
import { backoffSeconds, MAX_MAIL_ATTEMPTS } from './mail.worker';
import type { MailMessage, MailTransport } from './mail.types';

describe('outbox and dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('delivers queued mail to the dev mailbox, newest first, exactly once', async () => {
    await enqueueMail(t.app.db, { to: 'a@example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await enqueueMail(t.app.db, { to: 'a@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' });
    const messages = await mailTo(t.app, 'a@example.com');
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(messages[0]).toMatchObject({ to: 'a@example.com', text: 'two', html: '<p>two</p>' });
    expect(await t.app.outbox.drain()).toBe(0);
    expect(await mailTo(t.app, 'a@example.com')).toHaveLength(2);
  });

  it('does not send mail whose transaction rolled back', async () => {
    await t.app.db
      .transaction(async (tx) => {
        await enqueueMail(tx, { to: 'rollback@example.com', subject: 'Never', text: 'x', html: 'x' });
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await mailTo(t.app, 'rollback@example.com')).toHaveLength(0);
  });

  it('shows messages in the HTML mailbox', async () => {
    await enqueueMail(t.app.db, { to: 'view@example.com', subject: 'Hello <there>', text: 'hi', html: '<b>hi</b>' });
    const [m] = await mailTo(t.app, 'view@example.com');
    const list = await t.app.inject({ url: '/dev/mail' });
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('Hello &lt;there&gt;');
    const view = await t.app.inject({ url: `/dev/mail/${m!.id}` });
    expect(view.statusCode).toBe(200);
    const html = await t.app.inject({ url: `/dev/mail/${m!.id}/html` });
    expect(html.body).toBe('<b>hi</b>');
    expect((await t.app.inject({ url: '/dev/mail/999999' })).statusCode).toBe(404);
  });
});

describe('outbox retries', () => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  let failuresLeft = 1;
  const flaky: MailTransport = {
    async send(m) {
      if (failuresLeft-- > 0) throw new Error('SMTP 421 try later');
      sent.push(m);
    },
    close() {},
  };
  beforeAll(async () => {
    t = await createTestApp({ seed: false, mailTransport: flaky });
  });
  afterAll(() => t.close());

  it('backs off after a failure and sends on a later attempt', async () => {
    await enqueueMail(t.app.db, { to: 'retry@example.com', subject: 'Retry', text: 't', html: 'h' });
    expect(await t.app.outbox.drain()).toBe(0);
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'retry@example.com'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMTP 421 try later' });
    expect(row!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Make it due now, as if the backoff had passed.
    await t.app.db
      .update(mailOutbox)
      .set({ next_attempt_at: new Date(0) })
      .where(eq(mailOutbox.id, row!.id));
    expect(await t.app.outbox.drain()).toBe(1);
    expect(sent.map((m) => m.subject)).toEqual(['Retry']);
  });

  it('sends a batch in the order it was queued, even when older rows were written to since', async () => {
    sent.length = 0;
    failuresLeft = 0;
    const subjects = Array.from({ length: 12 }, (_, i) => `Queued ${i + 1}`);
    for (const subject of subjects) await enqueueMail(t.app.db, { to: 'order@example.com', subject, text: 't', html: 'h' });
    // Touching the first rows moves their row versions behind the others, where a plain scan finds them last.
    const queued = await t.app.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, 'order@example.com'));
    for (const { id } of queued.slice(0, 4)) await t.app.db.update(mailOutbox).set({ last_error: null }).where(eq(mailOutbox.id, id));
    expect(await t.app.outbox.drain()).toBe(subjects.length);
    expect(sent.map((m) => m.subject)).toEqual(subjects);
  });

  it('grows the backoff and caps it at an hour', () => {
    expect(backoffSeconds(1)).toBe(30);
    expect(backoffSeconds(2)).toBe(60);
    expect(backoffSeconds(MAX_MAIL_ATTEMPTS)).toBe(3600);
  });
});
