import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Resource } from '@medplum/fhirtypes';
import { DEFAULT_RADIUS, MAX_RADIUS_MILES } from '@careslot/contracts/search';
import { AppError } from '../../lib/errors';
import { isDatabaseUnavailable, DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/errors';
import { limit } from '../../plugins/rate-limit';
import { capabilityStatement, operationDefinition } from './fhir.capability';
import { FhirError, issueCodeFor, operationOutcome } from './fhir.errors';
import { checkKnown, countOf, dateBounds, nearOf, offsetOf, orList, referenceIds, single, tokens, type Query } from './fhir.params';
import { findLocations, findOrganizations, findPractitioners, findSchedules, findSlots } from './fhir.repository';
import {
  isUuid,
  locationResource,
  organizationResource,
  parseScheduleId,
  practitionerResource,
  practitionerRoleResource,
  scheduleResource,
  searchset,
  slotResource,
} from './fhir.resources';
import { FHIR_BASE, FHIR_JSON, IDENTIFIER_SYSTEMS, SPECIALTY_SYSTEM } from './fhir.types';
import { baseUrl, idParams, pageUrl } from './fhir.http';
import { appointmentRoutes } from './fhir.appointments';
import { bulkPublishRoutes } from './fhir.bulk-publish';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';

/** Public reads per IP per minute (times RATE_LIMIT_SCALE): a finder mirroring slots uses $bulk-publish instead. */
export const FHIR_READS_PER_MINUTE = 120;

/** The specialty token matched against CareSlot's code system: another system matches nothing. */
function specialtyCodes(query: Query): string[] | undefined {
  const list = tokens(query, 'specialty');
  if (!list) return undefined;
  return list.filter((t) => t.system === undefined || t.system === '' || t.system === SPECIALTY_SYSTEM).map((t) => t.code.toLowerCase());
}

/** One speciality filter for the repository; several codes are asked one by one (rare) and merged in order. */
function oneOrNone(values: string[] | undefined, name: string): string | undefined | null {
  if (values === undefined) return undefined;
  if (values.length === 0) return null;
  if (values.length > 1) throw new FhirError(400, 'not-supported', `Send one ${name} value.`);
  return values[0];
}

export const fhirRoutes: FastifyPluginAsyncZod = async (app) => {
  // The operations this server answers: /metadata lists only these.
  const liveOperations: string[] = [];
  app.addContentTypeParser(FHIR_JSON, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  // Every answer of the door is FHIR JSON; `_format` may ask for JSON by any of its names, and nothing else.
  app.addHook('onRequest', async (req) => {
    const format = new URL(req.url, 'http://x').searchParams.get('_format');
    if (format && !['json', 'application/json', 'application/fhir+json'].includes(format)) {
      throw new FhirError(406, 'not-supported', `Only JSON is served: send _format=json or leave _format out (you sent "${format}").`);
    }
  });
  // The bulk manifest (plain JSON) and its NDJSON files keep their own media types.
  const raw = new WeakSet<FastifyRequest>();
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode !== 304 && !(raw.has(req) && reply.statusCode < 400)) {
      reply.header('content-type', `${FHIR_JSON}; charset=utf-8`);
    }
    return payload;
  });

  app.setErrorHandler((err, req, reply) => {
    let status: number;
    let code: string;
    let message: string;
    if (err instanceof FhirError) {
      status = err.statusCode;
      code = err.issueCode;
      message = err.message;
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      code = 'invalid';
      message = err.validation.map((i) => `${i.instancePath.replace(/^\//, '') || 'request'}: ${i.message}`).join('; ');
    } else if (err instanceof AppError) {
      status = err.statusCode;
      code = issueCodeFor(status);
      message = err.message;
    } else if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'database unavailable');
      reply.header('retry-after', '5');
      status = 503;
      code = 'transient';
      message = DATABASE_UNAVAILABLE_MESSAGE;
    } else {
      const e = err as { statusCode?: number; message?: string };
      status = e.statusCode && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 500;
      code = issueCodeFor(status);
      if (status === 500) req.log.error({ err }, 'unhandled error');
      message = status === 500 ? 'Something went wrong on our side. Please try again.' : (e.message ?? 'The request was refused.');
    }
    return reply.status(status).send(operationOutcome(code, message));
  });
  app.setNotFoundHandler((req, reply) =>
    reply
      .status(404)
      .send(
        operationOutcome(
          'not-found',
          `${req.method} ${new URL(req.url, 'http://x').pathname} is not part of this FHIR server; see ${FHIR_BASE}/metadata.`,
        ),
      ),
  );

  const readLimit = limit(app, {
    name: 'fhir-read',
    max: FHIR_READS_PER_MINUTE,
    timeWindow: '1 minute',
    message: 'Too many requests from this address. Please wait a minute, or mirror the schedule from $bulk-publish.',
  });

  // Holds, bookings and cancellations per signed-in caller, as the web checkout counts them.
  const writeLimit = limit(app, {
    name: 'fhir-write',
    max: 20,
    timeWindow: '15 minutes',
    key: (req) => req.caller?.id ?? req.ip,
    message: 'Too many attempts in a short time. Please wait a few minutes and try again.',
  });
  appointmentRoutes(app, { readLimit, writeLimit, liveOperations });
  // A mirror fetches the manifest and three files per round: 30 a minute per address is ample.
  bulkPublishRoutes(app, { limit: limit(app, { name: 'fhir-bulk', max: 30, timeWindow: '1 minute' }), raw });

  app.get(
    '/metadata',
    {
      schema: {
        tags: ['fhir'],
        summary: 'The CapabilityStatement: resources, search parameters and operations of the FHIR door',
      },
    },
    async (req) => capabilityStatement(baseUrl(app, req), { operations: liveOperations }),
  );

  app.get(
    '/OperationDefinition/:id',
    {
      schema: {
        tags: ['fhir'],
        summary: 'An OperationDefinition the CapabilityStatement names',
        params: idParams,
      },
    },
    async (req) => {
      const def = liveOperations.includes(req.params.id) ? operationDefinition(baseUrl(app, req), req.params.id) : null;
      if (!def) throw new FhirError(404, 'not-found', `There is no OperationDefinition ${req.params.id}.`);
      return def;
    },
  );

  /** Registers read and search for one public resource type. */
  function publicResource(
    type: string,
    opts: {
      validId: (id: string) => boolean;
      params: string[];
      search: (db: Db, query: Query, count: number, offset: number, ids: string[] | undefined) => Promise<Resource[]>;
    },
  ) {
    const readOne = async (db: Db, id: string) => {
      if (!opts.validId(id)) return null;
      const [found] = await opts.search(db, {}, 1, 0, [id]);
      return found ?? null;
    };
    app.get(
      `/${type}/:id`,
      {
        onRequest: readLimit,
        schema: { tags: ['fhir'], summary: `Read a ${type} (public, verified providers only)`, params: idParams },
      },
      async (req) => {
        const found = await readOne(app.readDb(req), req.params.id);
        if (!found) throw new FhirError(404, 'not-found', `${type}/${req.params.id} is not known here.`);
        return found;
      },
    );
    app.get(
      `/${type}`,
      {
        onRequest: readLimit,
        schema: { tags: ['fhir'], summary: `Search ${type} (searchset Bundle, stable order, next link)` },
      },
      async (req) => {
        const query = req.query as Query;
        checkKnown(query, [...opts.params, '_offset']);
        const count = countOf(query);
        const offset = offsetOf(query);
        const ids = orList(query, '_id');
        const validIds = ids?.filter(opts.validId);
        const found = validIds && validIds.length === 0 ? [] : await opts.search(app.readDb(req), query, count + 1, offset, validIds);
        const base = baseUrl(app, req);
        const more = found.length > count;
        return searchset(
          base,
          found.slice(0, count),
          pageUrl(base, req, {}),
          more ? pageUrl(base, req, { _offset: String(offset + count), _count: String(count) }) : null,
        );
      },
    );
  }

  publicResource('Practitioner', {
    validId: isUuid,
    params: ['identifier', 'name'],
    search: async (db, query, count, offset, ids) => {
      const identifier = tokens(query, 'identifier');
      let filter: { regulator?: string; value: string } | undefined;
      if (identifier) {
        if (identifier.length > 1) throw new FhirError(400, 'not-supported', 'Send one identifier value.');
        const t = identifier[0]!;
        const regulator = t.system ? Object.entries(IDENTIFIER_SYSTEMS).find(([, s]) => s === t.system)?.[0] : undefined;
        if (t.system && !regulator) return [];
        filter = { regulator, value: t.code };
      }
      const rows = await findPractitioners(db, { ids, identifier: filter, name: single(query, 'name') }, count, offset);
      return rows.map(practitionerResource);
    },
  });

  publicResource('PractitionerRole', {
    validId: isUuid,
    params: ['practitioner', 'location', 'organization', 'specialty'],
    search: async (db, query, count, offset, ids) => {
      const practitioners = referenceIds(query, 'practitioner', 'Practitioner');
      const locations = referenceIds(query, 'location', 'Location');
      const organizations = referenceIds(query, 'organization', 'Organization');
      const specialty = oneOrNone(specialtyCodes(query), 'specialty');
      if (specialty === null) return [];
      const allIds = practitioners ? (ids ? ids.filter((i) => practitioners.includes(i)) : practitioners) : ids;
      if ((allIds && !allIds.every(isUuid)) || (locations && !locations.every(isUuid)) || (organizations && !organizations.every(isUuid)))
        return [];
      if ((locations && locations.length > 1) || (organizations && organizations.length > 1))
        throw new FhirError(400, 'not-supported', 'Send one location and one organization.');
      if (allIds && allIds.length === 0) return [];
      const rows = await findPractitioners(
        db,
        { ids: allIds, specialty, locationId: locations?.[0], organizationId: organizations?.[0] },
        count,
        offset,
      );
      return rows.map(practitionerRoleResource);
    },
  });

  publicResource('Organization', {
    validId: isUuid,
    params: ['name'],
    search: async (db, query, count, offset, ids) =>
      (await findOrganizations(db, { ids, name: single(query, 'name') }, count, offset)).map(organizationResource),
  });

  publicResource('Location', {
    validId: isUuid,
    params: ['address-postalcode', 'near', 'name'],
    search: async (db, query, count, offset, ids) => {
      const near = nearOf(query, DEFAULT_RADIUS, MAX_RADIUS_MILES);
      const rows = await findLocations(
        db,
        {
          ids,
          postcode: single(query, 'address-postalcode'),
          name: single(query, 'name'),
          near: near ? { origin: { latitude: near.latitude, longitude: near.longitude }, miles: near.miles } : undefined,
        },
        count,
        offset,
      );
      return rows.map(locationResource);
    },
  });

  publicResource('Schedule', {
    validId: (id) => parseScheduleId(id) !== null,
    params: ['actor', 'specialty'],
    search: async (db, query, count, offset, ids) => {
      const actors = orList(query, 'actor');
      let providerId: string | undefined;
      let hospitalId: string | undefined;
      for (const a of actors ?? []) {
        const m = /^(PractitionerRole|Location)\/([0-9a-f-]{36})$/.exec(a);
        if (!m || !isUuid(m[2]!)) throw new FhirError(400, 'invalid', 'actor must be PractitionerRole/{id} or Location/{id}.');
        if (m[1] === 'PractitionerRole') providerId = m[2];
        else hospitalId = m[2];
      }
      const specialty = oneOrNone(specialtyCodes(query), 'specialty');
      if (specialty === null) return [];
      const rows = await findSchedules(
        db,
        { pairs: ids?.map((id) => parseScheduleId(id)!), providerId, hospitalId, specialty },
        count,
        offset,
      );
      return rows.map((r) => scheduleResource(r));
    },
  });

  // Slots page by (start, id), not by offset: a mirror walking thousands of pages stays fast and sees each slot once.
  const SLOT_PARAMS = ['schedule', 'start', 'status', 'specialty', '_page'];
  const slotSearch = async (db: Db, query: Query, count: number, ids: number[] | undefined) => {
    const schedules = referenceIds(query, 'schedule', 'Schedule')?.map((id) => {
      const pair = parseScheduleId(id);
      if (!pair) throw new FhirError(400, 'invalid', `schedule: ${id} is not a CareSlot Schedule id.`);
      return pair;
    });
    const statuses = orList(query, 'status');
    for (const s of statuses ?? [])
      if (!['free', 'busy', 'busy-unavailable', 'busy-tentative', 'entered-in-error'].includes(s))
        throw new FhirError(
          400,
          'invalid',
          `status: "${s}" is not a Slot status (free, busy, busy-unavailable, busy-tentative, entered-in-error).`,
        );
    const wanted = statuses?.filter((s) => s === 'free' || s === 'busy') as ('free' | 'busy')[] | undefined;
    if (wanted && wanted.length === 0) return [];
    const status = wanted && wanted.length === 1 ? wanted[0] : undefined;
    const specialty = oneOrNone(specialtyCodes(query), 'specialty');
    if (specialty === null) return [];
    const after = pageToken(single(query, '_page'));
    return findSlots(db, { ids, schedules, start: dateBounds(query, 'start'), status, specialty, after }, count);
  };

  app.get(
    '/Slot/:id',
    {
      onRequest: readLimit,
      schema: { tags: ['fhir'], summary: 'Read a Slot (free or busy; never who holds it)', params: idParams },
    },
    async (req) => {
      const id = /^\d{1,15}$/.test(req.params.id) ? Number(req.params.id) : null;
      const [row] = id === null ? [] : await findSlots(app.readDb(req), { ids: [id], start: [] }, 1);
      if (!row) throw new FhirError(404, 'not-found', `Slot/${req.params.id} is not known here (or has passed).`);
      return slotResource(row);
    },
  );

  app.get(
    '/Slot',
    {
      onRequest: readLimit,
      schema: {
        tags: ['fhir'],
        summary: 'Search Slots by schedule, start (ge/gt/le/lt), status and specialty; in start order, paged by next links',
      },
    },
    async (req) => {
      const query = req.query as Query;
      checkKnown(query, SLOT_PARAMS);
      const count = countOf(query);
      const ids = orList(query, '_id')
        ?.filter((id) => /^\d{1,15}$/.test(id))
        .map(Number);
      const rows = ids && ids.length === 0 ? [] : await slotSearch(app.readDb(req), query, count + 1, ids);
      const base = baseUrl(app, req);
      const page = rows.slice(0, count);
      const last = page[page.length - 1];
      const next =
        rows.length > count && last
          ? pageUrl(base, req, { _page: makePageToken(new Date(last.starts_at), Number(last.id)), _count: String(count) })
          : null;
      return searchset(
        base,
        page.map((r) => slotResource(r)),
        pageUrl(base, req, {}),
        next,
      );
    },
  );
};

/** `_page` of Slot searches: the last (start, id) seen, as an opaque token. */
export function makePageToken(startsAt: Date, id: number): string {
  return Buffer.from(`${startsAt.toISOString()}|${id}`).toString('base64url');
}

function pageToken(raw: string | undefined): { startsAt: Date; id: number } | undefined {
  if (raw === undefined) return undefined;
  const bad = () => new FhirError(400, 'invalid', '_page is not a page of this search: follow the next link as given.');
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(raw)) throw bad();
  const [at, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const startsAt = new Date(at ?? '');
  if (Number.isNaN(startsAt.getTime()) || !/^\d{1,15}$/.test(id ?? '')) throw bad();
  return { startsAt, id: Number(id) };
}
