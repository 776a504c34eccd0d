import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatHistory, ChatResponse } from '@careslot/contracts/chat';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chatSessions } from '../../db/schema/content';
import { newPatient, type TestPatient } from '../booking/booking.test-helpers';
import { loginAs, registerVerified } from '../auth/auth.test-helpers';
import { CHAT_PER_SESSION_PER_MINUTE } from './chat.routes';
import { purgeOldConversations } from './chat.service';
import { touchChatSession } from './chat.repository';

/** Sessions, isolation, retention, limits, logout and logs of the chat assistant (docs/chat.md). */

let t: TestApp;
const lines: string[] = [];
let a: TestPatient;
let b: TestPatient;
let ip = 0;
/** Each test talks from its own address, so the per-address limit of one does not touch another. */
const nextIp = () => `10.11.0.${++ip}`;

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line: string) => void lines.push(line) } });
  a = await newPatient(t.app, 'chat-a');
  b = await newPatient(t.app, 'chat-b');
}, 120_000);
afterAll(async () => t?.close());

const bearer = (p: TestPatient | null) => (p ? { authorization: `Bearer ${p.token}` } : {});
const send = (payload: Record<string, unknown>, who: TestPatient | null = null, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/chatbot/', headers: bearer(who), payload, remoteAddress });
const say = async (message: string, sessionId?: string, who: TestPatient | null = null, remoteAddress?: string) => {
  const res = await send({ message, session_id: sessionId, selectedRegion: 'uk' }, who, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatResponse;
};
const history = (id: string, who: TestPatient | null = null) =>
  t.app.inject({ url: `/api/chatbot/${id}/`, headers: bearer(who), remoteAddress: nextIp() });

describe('POST /api/chatbot/ input', () => {
  it.each([
    ['empty', ''],
    ['only spaces', '   '],
  ])('refuses an %s message with a sentence', async (_n, message) => {
    const res = await send({ message, selectedRegion: 'uk' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/type a message/i);
  });
  it('refuses a message over 1,000 characters, and takes one of exactly 1,000', async () => {
    const long = await send({ message: 'a'.repeat(1001), selectedRegion: 'uk' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/1000 characters or fewer/);
    expect((await send({ message: 'a'.repeat(1000), selectedRegion: 'uk' })).statusCode).toBe(200);
  });
  it('refuses a missing message and an unknown region', async () => {
    expect((await send({ selectedRegion: 'uk' })).statusCode).toBe(400);
    expect((await send({ message: 'hi', selectedRegion: 'fr' })).statusCode).toBe(400);
  });
  it('treats an empty session_id as absent, and a malformed one as a new conversation', async () => {
    const first = await say('hello', '');
    expect(first.session_id).toMatch(/^[0-9a-f-]{36}$/);
    const other = await say('hello', 'not-a-uuid');
    expect(other.session_id).not.toBe('not-a-uuid');
  });
});

describe('sessions', () => {
  it('keeps a conversation and returns it, visitor by id', async () => {
    const one = await say('I need a dentist');
    const two = await say('SW1A 1AA', one.session_id);
    expect(two.session_id).toBe(one.session_id);
    expect(two.reply.kind).toBe('results');
    const res = await history(one.session_id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ChatHistory;
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(body.messages[2]!.text).toBe('SW1A 1AA');
    expect(body.messages[3]!.reply?.providers?.length).toBeGreaterThan(0);
  });

  it("one patient can never read or continue another's conversation", async () => {
    const mine = await say('my appointments', undefined, a);
    // B reads: 404, same as an unknown id. A visitor: 404 too.
    expect((await history(mine.session_id, b)).statusCode).toBe(404);
    expect((await history(mine.session_id, null)).statusCode).toBe(404);
    expect((await history('00000000-0000-4000-8000-000000000000', a)).statusCode).toBe(404);
    expect((await history('nonsense', a)).statusCode).toBe(404);
    // B writing with A's id gets a new conversation of their own; A's is untouched.
    const theirs = await say('hello from b', mine.session_id, b);
    expect(theirs.session_id).not.toBe(mine.session_id);
    const own = (await history(mine.session_id, a)).json() as ChatHistory;
    expect(own.messages.map((m) => m.text)).not.toContain('hello from b');
    expect(own.messages).toHaveLength(2);
  });

  it("a visitor's conversation becomes the patient's when they continue it signed in", async () => {
    const anon = await say('I need a GP');
    const cont = await say('W1G 7JQ', anon.session_id, a);
    expect(cont.session_id).toBe(anon.session_id);
    expect((await history(anon.session_id, null)).statusCode).toBe(404);
    expect((await history(anon.session_id, a)).statusCode).toBe(200);
  });

  it('every role may chat; only the patient reads their own conversation', async () => {
    const provider = await t.app.tokens.signAccess({ id: a.id, type: 'provider' });
    const mine = await say('hello', undefined, a);
    for (const role of ['superuser', 'admin', 'editor', 'author'] as const) {
      const staff = await t.app.tokens.signAccess({ id: a.id, type: 'staff', role });
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/chatbot/',
        headers: { authorization: `Bearer ${staff}` },
        payload: { message: 'hello' },
        remoteAddress: nextIp(),
      });
      expect(post.statusCode, role).toBe(200);
      const get = await t.app.inject({ url: `/api/chatbot/${mine.session_id}/`, headers: { authorization: `Bearer ${staff}` } });
      expect(get.statusCode, role).toBe(404);
    }
    const asProvider = await t.app.inject({ url: `/api/chatbot/${mine.session_id}/`, headers: { authorization: `Bearer ${provider}` } });
    expect(asProvider.statusCode).toBe(404);
    // A provider asking for "my appointments" is not treated as a patient.
    const p = await t.app.inject({
      method: 'POST',
      url: '/api/chatbot/',
      headers: { authorization: `Bearer ${provider}` },
      payload: { message: 'my appointments' },
      remoteAddress: nextIp(),
    });
    expect((p.json() as ChatResponse).reply.text).toMatch(/sign in/i);
  });
});

describe('retention', () => {
  it('a conversation unused for 30 days can no longer be read, and is deleted', async () => {
    const old = await say('hello');
    const recent = await say('hello');
    await touchChatSession(t.app.db, old.session_id, new Date(Date.now() - 31 * 86_400_000));
    expect((await history(old.session_id)).statusCode).toBe(404);
    const continued = await say('hello again', old.session_id);
    expect(continued.session_id).not.toBe(old.session_id);
    expect(await purgeOldConversations(t.app.db)).toBeGreaterThanOrEqual(1);
    expect(await t.app.db.select().from(chatSessions).where(eq(chatSessions.id, old.session_id))).toHaveLength(0);
    expect((await history(recent.session_id)).statusCode).toBe(200);
  });
});

describe('limits', () => {
  it(`answers 429 after ${CHAT_PER_SESSION_PER_MINUTE} messages a minute in one conversation`, async () => {
    const first = await say('hello');
    const codes: number[] = [];
    for (let i = 0; i <= CHAT_PER_SESSION_PER_MINUTE; i++)
      codes.push((await send({ message: 'hello', session_id: first.session_id, selectedRegion: 'uk' })).statusCode);
    expect(codes.at(-1)).toBe(429);
    // The first message (no id yet) counts for the address only; then 20 with the id pass and the next is refused.
    expect(codes.filter((c) => c === 200)).toHaveLength(CHAT_PER_SESSION_PER_MINUTE);
    // Another conversation is not affected.
    expect((await send({ message: 'hello', selectedRegion: 'uk' })).statusCode).toBe(200);
  });

  it('answers 429 with a sentence when one address sends too many', async () => {
    let last = 0;
    let message = '';
    for (let i = 0; i < 125 && last !== 429; i++) {
      const res = await send({ message: 'hello', selectedRegion: 'uk' }, null, '10.12.0.1');
      last = res.statusCode;
      message = res.json().message ?? '';
    }
    expect(last).toBe(429);
    expect(message).toMatch(/many messages/i);
  });
});

describe('logout and logs', () => {
  it("signing out deletes the patient's conversations", async () => {
    const c = await newPatient(t.app, 'chat-c');
    const mine = await say('hello', undefined, c);
    const res = await t.app.inject({ method: 'POST', url: '/api/user-logout', headers: bearer(c), payload: {} });
    expect(res.statusCode).toBe(200);
    expect(await t.app.db.select().from(chatSessions).where(eq(chatSessions.id, mine.session_id))).toHaveLength(0);
    expect((await history(mine.session_id, c)).statusCode).toBe(404);
  });

  it('signing out with only the refresh token (the access token lapsed) deletes them too', async () => {
    const { email } = await registerVerified(t.app);
    const login = await loginAs(t.app, email);
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/chatbot/',
      headers: { authorization: `Bearer ${login.tokens.access_token}` },
      payload: { message: 'hello' },
      remoteAddress: nextIp(),
    });
    const id = (mine.json() as ChatResponse).session_id;
    const res = await t.app.inject({ method: 'POST', url: '/api/user-logout', payload: { refresh_token: login.tokens.refresh_token } });
    expect(res.statusCode).toBe(200);
    expect(await t.app.db.select().from(chatSessions).where(eq(chatSessions.id, id))).toHaveLength(0);
  });

  it('never writes message text or a conversation id into the log', async () => {
    const marker = 'Zebra-Marker-Never-Logged-42 dentist near SW1A 1AA';
    const res = await say(marker);
    await history(res.session_id);
    const all = lines.join('');
    expect(all).toContain('chat turn');
    expect(all).toContain('/api/chatbot/[redacted]/');
    expect(all).not.toContain('Zebra-Marker');
    expect(all).not.toContain(res.session_id);
  });
});
