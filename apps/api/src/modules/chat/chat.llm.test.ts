import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatResponse } from '@careslot/contracts/chat';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bookings } from '../../db/schema/booking';
import { freeSlot, newPatient, type TestPatient } from '../booking/booking.test-helpers';

/**
 * The language-model engine against a local fake server that speaks the OpenAI chat-completions API: tool calls,
 * safety before and after, fallback on errors and time-outs, and what the model is (not) shown.
 */

interface SeenRequest {
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    messages: { role: string; content: string | null; tool_calls?: unknown[] }[];
    tools: { function: { name: string } }[];
  };
}
type Script = (req: SeenRequest, round: number) => { status?: number; hang?: boolean; message?: Record<string, unknown> };

const seen: SeenRequest[] = [];
let script: Script = () => ({ message: { role: 'assistant', content: 'Hello from the model.' } });
let rounds = 0;
const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const request = { headers: req.headers, body: JSON.parse(raw) } as SeenRequest;
    seen.push(request);
    const out = script(request, rounds++);
    if (out.hang) return; // never answers; the engine's time limit must end it
    res.writeHead(out.status ?? 200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        out.status && out.status >= 400 ? { error: { message: 'boom' } } : { id: 'x', choices: [{ index: 0, message: out.message }] },
      ),
    );
  });
});

const toolCall = (name: string, args: Record<string, unknown>) => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id: `call_${randomUUID()}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
});

let t: TestApp;
let patient: TestPatient;
let other: TestPatient;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      RATE_LIMIT_SCALE: '100',
      CHAT_LLM_URL: `http://127.0.0.1:${port}/v1/chat/completions`,
      CHAT_LLM_MODEL: 'fake-model',
      CHAT_LLM_API_KEY: 'sk-test-key',
      CHAT_LLM_TIMEOUT_MS: '500',
    },
  });
  patient = await newPatient(t.app, 'llm-own');
  other = await newPatient(t.app, 'llm-other');
  for (const [p, n] of [
    [patient, 2],
    [other, 5],
  ] as const) {
    const slot = await freeSlot(t.app, 'uk', n);
    await t.app.db.insert(bookings).values({
      slot_id: slot.slotId,
      patient_id: p.id,
      provider_id: slot.providerId,
      region: 'uk',
      status: 'Booked',
      amount_minor: slot.amount,
      currency: 'GBP',
      ics_uid: randomUUID(),
    });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen.length = 0;
  rounds = 0;
});

const say = async (message: string, opts: { sessionId?: string; who?: TestPatient; region?: 'uk' | 'usa' } = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chatbot/',
    headers: opts.who ? { authorization: `Bearer ${opts.who.token}` } : {},
    payload: { message, session_id: opts.sessionId, selectedRegion: opts.region ?? 'uk' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatResponse;
};

describe('language-model engine', () => {
  it('sends the model, key, the three tools and the message; the model phrases the answer', async () => {
    script = () => ({ message: { role: 'assistant', content: 'I can help you find care or answer questions.' } });
    const res = await say('what can you do for me today');
    expect(res.reply.text).toBe('I can help you find care or answer questions.');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.authorization).toBe('Bearer sk-test-key');
    expect(seen[0]!.body.model).toBe('fake-model');
    expect(seen[0]!.body.tools.map((x) => x.function.name).sort()).toEqual(['list_my_appointments', 'lookup_help', 'search_providers']);
    expect(seen[0]!.body.messages.at(-1)).toMatchObject({ role: 'user', content: 'what can you do for me today' });
  });

  it('searches through a tool call and returns real provider cards within the radius', async () => {
    script = (_req, round) =>
      round === 0
        ? { message: toolCall('search_providers', { speciality: 'dentist', postcode: 'SW1A 1AA', radius_miles: 10, when: 'next week' }) }
        : { message: { role: 'assistant', content: 'Here are dentists near you with time next week.' } };
    const res = await say('any chance of a dentist around SW1A 1AA next week?');
    expect(res.reply.kind).toBe('results');
    expect(res.reply.text).toBe('Here are dentists near you with time next week.');
    expect(res.reply.providers!.length).toBeGreaterThan(0);
    for (const p of res.reply.providers!) {
      expect(p.distance).toBeLessThanOrEqual(10);
      expect(p.speciality).toBe('Dentist');
    }
    // The tool result the model saw is the same real data.
    const toolMessage = seen[1]!.body.messages.find((m) => m.role === 'tool')!;
    expect(toolMessage.content).toContain(res.reply.providers![0]!.name);
  });

  it("lists only the caller's own appointments, and never sees another patient's data", async () => {
    script = (_req, round) =>
      round === 0
        ? { message: toolCall('list_my_appointments', {}) }
        : { message: { role: 'assistant', content: 'Here are your appointments.' } };
    const first = await say('hello', { who: other });
    seen.length = 0;
    rounds = 0;
    const res = await say('what are my bookings', { who: patient });
    expect(res.reply.links?.some((l) => l.href === '/userProfile')).toBe(true);
    const everything = JSON.stringify(seen.map((s) => s.body));
    expect(everything).toContain('Your upcoming appointment');
    expect(everything).not.toContain(other.id);
    expect(everything).not.toContain(other.email);
    expect(everything).not.toContain(first.session_id);
    expect(everything).not.toContain(patient.id);
  });

  it('answers help from the articles through lookup_help', async () => {
    script = (_req, round) =>
      round === 0
        ? { message: toolCall('lookup_help', { question: 'refund' }) }
        : { message: { role: 'assistant', content: 'Refunds go back to your card.' } };
    const res = await say('money back?');
    expect(res.reply.text).toBe('Refunds go back to your card.');
    expect(seen[1]!.body.messages.find((m) => m.role === 'tool')!.content).toMatch(/Refunds/);
  });

  it('an emergency never reaches the model: the safety layer answers first', async () => {
    const res = await say('I have crushing chest pain', { region: 'usa' });
    expect(res.reply.kind).toBe('emergency');
    expect(res.reply.text).toMatch(/911/);
    expect(seen).toHaveLength(0);
  });

  it('a reply with a dose or a diagnosis is replaced by the refusal', async () => {
    script = () => ({ message: { role: 'assistant', content: 'Take 400 mg of ibuprofen every 4 hours.' } });
    const res = await say('my knee is sore after running');
    expect(res.reply.kind).toBe('refusal');
    expect(res.reply.text).not.toMatch(/400/);
  });

  it('falls back to the offline engine when the model answers an error', async () => {
    script = () => ({ status: 500 });
    const res = await say('I need a dentist near SW1A 1AA');
    expect(res.reply.kind).toBe('results');
    expect(res.reply.providers!.length).toBeGreaterThan(0);
  });

  it('falls back to the offline engine when the model does not answer in time', async () => {
    script = () => ({ hang: true });
    const res = await say('how much does it cost?');
    expect(res.reply.kind).toBe('help');
    expect(res.reply.text).toMatch(/Fees and currencies/);
  });

  it('falls back on a malformed answer, and on endless tool calls', async () => {
    script = () => ({ message: { role: 'assistant' } });
    expect((await say('how do refunds work')).reply.kind).toBe('help');
    script = () => ({ message: toolCall('lookup_help', { question: 'fees' }) });
    expect((await say('how do refunds work')).reply.kind).toBe('help');
  });

  it('gives the model only this conversation', async () => {
    script = () => ({ message: { role: 'assistant', content: 'Noted.' } });
    const a = await say('first conversation secret-word-alpha');
    await say('second conversation');
    const last = seen
      .at(-1)!
      .body.messages.map((m) => m.content)
      .join(' ');
    expect(last).not.toContain('secret-word-alpha');
    seen.length = 0;
    await say('and again', { sessionId: a.session_id });
    expect(
      seen
        .at(-1)!
        .body.messages.map((m) => m.content)
        .join(' '),
    ).toContain('secret-word-alpha');
  });
});
