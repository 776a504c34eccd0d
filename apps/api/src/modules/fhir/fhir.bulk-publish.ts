import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Resource } from '@medplum/fhirtypes';
import type { Db } from '../../db/client';
import { checkoutUrl } from '../booking/booking.service';
import { FhirError } from './fhir.errors';
import { baseUrl } from './fhir.http';
import { dateRange, single, type Query } from './fhir.params';
import { findLocations, findSchedules, findSlots, lastScheduleChange } from './fhir.repository';
import { locationResource, scheduleResource, slotResource } from './fhir.resources';
import { BOOKING_DEEP_LINK, SLOT_CAPACITY } from './fhir.types';

/**
 * SMART Scheduling Links (docs/fhir.md, "Bulk publish"): a manifest naming one NDJSON file each of Location, Schedule
 * and Slot. Every answer has a strong ETag of its bytes; If-None-Match answers 304. `_since` narrows the Slot file to
 * slots made or booked since then (Locations and Schedules are few and always listed whole).
 */

const TYPES = ['Location', 'Schedule', 'Slot'] as const;
type BulkType = (typeof TYPES)[number];
const CHUNK = 5000;

function sinceOf(query: Query): Date | undefined {
  const raw = single(query, '_since');
  return raw === undefined ? undefined : dateRange(raw, '_since').from;
}

/** Sends `body` with its ETag, or 304 when the caller already has it. */
function sendTagged(req: FastifyRequest, reply: FastifyReply, body: string, type: string) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const asked = req.headers['if-none-match'];
  if (asked && asked.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
  return reply.type(type).send(body);
}

async function ndjson(app: FastifyInstance, db: Db, type: BulkType, since: Date | undefined): Promise<string> {
  const lines: string[] = [];
  const push = (r: Resource) => lines.push(JSON.stringify(r));
  if (type === 'Location') {
    for (let offset = 0; ; offset += CHUNK) {
      const found = await findLocations(db, {}, CHUNK, offset);
      found.map(locationResource).forEach(push);
      if (found.length < CHUNK) break;
    }
  } else if (type === 'Schedule') {
    const now = new Date();
    for (let offset = 0; ; offset += CHUNK) {
      const found = await findSchedules(db, {}, CHUNK, offset);
      found.map((r) => scheduleResource(r, now)).forEach(push);
      if (found.length < CHUNK) break;
    }
  } else {
    let after: { startsAt: Date; id: number } | undefined;
    for (;;) {
      const found = await findSlots(db, { start: [], after, since }, CHUNK);
      for (const r of found) {
        const link = checkoutUrl(app, {
          provider: { id: r.provider_id, region: r.region },
          slot: { starts_at: new Date(r.starts_at), ends_at: new Date(r.ends_at) },
          hospital: { time_zone: r.time_zone },
        });
        push(
          slotResource(r, [
            ...(r.free ? [{ url: BOOKING_DEEP_LINK, valueUrl: link }] : []),
            { url: SLOT_CAPACITY, valueInteger: r.free ? 1 : 0 },
          ]),
        );
      }
      if (found.length < CHUNK) break;
      const last = found[found.length - 1]!;
      after = { startsAt: new Date(last.starts_at), id: Number(last.id) };
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

export function bulkPublishRoutes(
  app: FastifyInstance,
  opts: { limit: (req: FastifyRequest, reply: FastifyReply) => Promise<void>; raw: WeakSet<FastifyRequest> },
): void {
  app.get(
    '/$bulk-publish',
    {
      onRequest: opts.limit,
      schema: {
        tags: ['fhir'],
        summary: 'SMART Scheduling Links manifest: NDJSON files of Location, Schedule and Slot (ETag, If-None-Match, _since)',
      },
    },
    async (req, reply) => {
      const query = req.query as Query;
      for (const key of Object.keys(query))
        if (key !== '_since' && key !== '_format')
          throw new FhirError(400, 'not-supported', `$bulk-publish takes only _since (you sent ${key}).`);
      const since = sinceOf(query);
      const base = baseUrl(app, req);
      const suffix = since ? `?_since=${encodeURIComponent(since.toISOString())}` : '';
      const manifest = {
        transactionTime: (await lastScheduleChange(app.readDb(req))).toISOString(),
        request: `${base}/$bulk-publish${suffix}`,
        output: TYPES.map((type) => ({ type, url: `${base}/$bulk-publish/${type}.ndjson${type === 'Slot' ? suffix : ''}` })),
        error: [],
      };
      opts.raw.add(req);
      return sendTagged(req, reply, JSON.stringify(manifest), 'application/json; charset=utf-8');
    },
  );

  app.get(
    '/$bulk-publish/:file',
    {
      onRequest: opts.limit,
      schema: { tags: ['fhir'], summary: 'One NDJSON file of the bulk manifest (Location.ndjson, Schedule.ndjson, Slot.ndjson)' },
    },
    async (req, reply) => {
      const file = (req.params as { file: string }).file;
      const type = TYPES.find((t) => `${t}.ndjson` === file);
      if (!type) throw new FhirError(404, 'not-found', `There is no bulk file ${file}: see ${baseUrl(app, req)}/$bulk-publish.`);
      const query = req.query as Query;
      for (const key of Object.keys(query))
        if (key !== '_since' && key !== '_format')
          throw new FhirError(400, 'not-supported', `The bulk files take only _since (you sent ${key}).`);
      const body = await ndjson(app, app.readDb(req), type, sinceOf(query));
      opts.raw.add(req);
      return sendTagged(req, reply, body, 'application/fhir+ndjson');
    },
  );
}
