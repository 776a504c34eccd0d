import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Appointment, AppointmentParticipant, Bundle, Parameters, ParametersParameter } from '@medplum/fhirtypes';
import { DEFAULT_RADIUS } from '@careslot/contracts/search';
import { checkoutUrl } from '../booking/booking.service';
import { Geocoder, guessRegion } from '../geo/geo.service';
import type { Caller } from '../../plugins/auth';
import { FhirError } from './fhir.errors';
import { baseUrl, idParams, pageUrl, resourceBody } from './fhir.http';
import { checkKnown, countOf, dateBounds, dateRange, MAX_COUNT, offsetOf, orList, referenceIds, type Query } from './fhir.params';
import { findAppointments, findSlots, type AppointmentRow, type SlotRow } from './fhir.repository';
import { instant, isUuid, specialtyConcept } from './fhir.resources';
import { PAYMENT_LINK, SPECIALTY_SYSTEM } from './fhir.types';

/** Appointment read/search and the scheduling operations $find, $hold, $book and $cancel (docs/fhir.md). */

type AppointmentStatus = Appointment['status'];

/** Booking status → Appointment status. A hold that ran out never became an appointment: cancelled. */
function statusOf(r: Pick<AppointmentRow, 'status' | 'hold_expires_at' | 'paying'>, now: Date): AppointmentStatus {
  switch (r.status) {
    case 'Held':
      return r.paying || (r.hold_expires_at && new Date(r.hold_expires_at) > now) ? 'pending' : 'cancelled';
    case 'Booked':
      return 'booked';
    case 'Completed':
      return 'fulfilled';
    case 'No Show':
      return 'noshow';
    default:
      return 'cancelled';
  }
}

/** Appointment status → the booking statuses behind it (for the `status` search parameter). */
const BOOKING_STATUSES: Record<string, string[]> = {
  pending: ['Held'],
  booked: ['Booked'],
  fulfilled: ['Completed'],
  noshow: ['No Show'],
  cancelled: ['Cancelled by Patient', 'Cancelled by Doctor', 'Expired', 'Held'],
};

function participants(
  r: { provider_id: string; hospital_id: string; first_name: string; last_name: string; hospital_name: string },
  status: AppointmentParticipant['status'],
) {
  return [
    {
      actor: { reference: `PractitionerRole/${r.provider_id}`, display: `${r.first_name} ${r.last_name}` },
      required: 'required' as const,
      status,
    },
    { actor: { reference: `Location/${r.hospital_id}`, display: r.hospital_name }, required: 'required' as const, status },
  ];
}

export function appointmentResource(app: FastifyInstance, r: AppointmentRow, now = new Date()): Appointment {
  const status = statusOf(r, now);
  const payLink =
    status === 'pending'
      ? checkoutUrl(app, {
          provider: { id: r.provider_id, region: r.region },
          slot: { starts_at: new Date(r.starts_at), ends_at: new Date(r.ends_at) },
          hospital: { time_zone: r.time_zone },
        })
      : null;
  const reason =
    r.status === 'Cancelled by Patient'
      ? 'Cancelled by the patient'
      : r.status === 'Cancelled by Doctor'
        ? 'Cancelled by the provider'
        : status === 'cancelled'
          ? 'The hold ended before payment'
          : null;
  return {
    resourceType: 'Appointment',
    id: r.id,
    ...(payLink ? { extension: [{ url: PAYMENT_LINK, valueUrl: payLink }] } : {}),
    status,
    ...(reason ? { cancelationReason: { text: reason } } : {}),
    specialty: [specialtyConcept(r.speciality_slug, r.speciality_name)],
    start: instant(r.starts_at),
    end: instant(r.ends_at),
    minutesDuration: Math.round((new Date(r.ends_at).getTime() - new Date(r.starts_at).getTime()) / 60_000),
    slot: [{ reference: `Slot/${r.slot_id}` }],
    created: instant(r.created_at),
    participant: [
      ...(r.patient_id
        ? [{ actor: { reference: `Patient/${r.patient_id}` }, required: 'required' as const, status: 'accepted' as const }]
        : []),
      ...participants(r, status === 'pending' ? 'tentative' : 'accepted'),
    ],
  };
}

function proposedAppointment(r: SlotRow): Appointment {
  return {
    resourceType: 'Appointment',
    status: 'proposed',
    specialty: [specialtyConcept(r.speciality_slug, r.speciality_name)],
    start: instant(r.starts_at),
    end: instant(r.ends_at),
    slot: [{ reference: `Slot/${r.id}` }],
    participant: participants(r, 'needs-action'),
  };
}

/** Only patients and providers have appointments; anyone else is refused before anything is read. */
function appointmentCaller(req: FastifyRequest): Caller {
  if (!req.caller)
    throw new FhirError(
      401,
      'login',
      req.callerTokenError === 'expired' ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
    );
  if (req.caller.type !== 'patient' && req.caller.type !== 'provider')
    throw new FhirError(403, 'forbidden', 'Only patients and providers have appointments.');
  return req.caller;
}

function patientCaller(req: FastifyRequest): Caller {
  const caller = appointmentCaller(req);
  if (caller.type !== 'patient') throw new FhirError(403, 'forbidden', 'Only a signed-in patient can hold, book or cancel an appointment.');
  return caller;
}

/** A Parameters body's parameter by name, or (for an Appointment body) the body itself as `appointment`. */
function parametersOf(body: unknown): ParametersParameter[] {
  if (!body || typeof body !== 'object') throw new FhirError(400, 'invalid', 'Send a FHIR Parameters resource as application/fhir+json.');
  const r = body as Parameters | Appointment;
  if (r.resourceType === 'Appointment') return [{ name: 'appointment', resource: r as Appointment }];
  if (r.resourceType !== 'Parameters')
    throw new FhirError(400, 'invalid', 'Send a FHIR Parameters resource (or an Appointment) as the body.');
  if (r.parameter !== undefined && !Array.isArray(r.parameter)) throw new FhirError(400, 'invalid', 'Parameters.parameter must be a list.');
  return r.parameter ?? [];
}

function onlyOne(params: ParametersParameter[], name: string): ParametersParameter | undefined {
  const found = params.filter((p) => p?.name === name);
  if (found.length > 1) throw new FhirError(400, 'invalid', `Send the parameter ${name} once.`);
  return found[0];
}

function stringValue(p: ParametersParameter | undefined, name: string): string | undefined {
  if (!p) return undefined;
  const v = p.valueString ?? p.valueDateTime ?? p.valueInstant ?? p.valueDate ?? p.valueUri ?? p.valueCode ?? p.valueId;
  if (typeof v !== 'string' || v.trim() === '')
    throw new FhirError(400, 'invalid', `${name} must have a text value (valueString or valueDateTime).`);
  return v.trim();
}

/** The slot a proposed Appointment names (Appointment.slot[0], "Slot/{id}"). */
function slotOfAppointment(params: ParametersParameter[]): number {
  const appt = onlyOne(params, 'appointment')?.resource as Appointment | undefined;
  if (!appt || appt.resourceType !== 'Appointment')
    throw new FhirError(400, 'invalid', 'Send the proposed Appointment (from $find) as the parameter "appointment".');
  const ref = appt.slot?.[0]?.reference;
  const m = ref ? /^(?:.*\/)?Slot\/(\d{1,15})$/.exec(ref) : null;
  if (!m || (appt.slot?.length ?? 0) !== 1)
    throw new FhirError(400, 'invalid', 'The Appointment must name exactly one slot, as Slot/{id}.');
  return Number(m[1]);
}

export interface AppointmentRoutesOptions {
  readLimit: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  writeLimit: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  liveOperations: string[];
}

export function appointmentRoutes(app: FastifyInstance, opts: AppointmentRoutesOptions): void {
  const geocoder = new Geocoder(app.db, { postcodesIoUrl: app.config.POSTCODES_IO_URL, log: app.log });
  const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
  const own = (caller: Caller) => (caller.type === 'patient' ? { patientId: caller.id } : { providerId: caller.id });
  const readOwn = async (caller: Caller, id: string) => {
    if (!isUuid(id)) return null;
    const [row] = await findAppointments(app.db, { ...own(caller), ids: [id], start: [] }, 1, 0);
    return row ?? null;
  };
  const answer = async (caller: Caller, id: string) => {
    const row = await readOwn(caller, id);
    if (!row) throw new FhirError(404, 'not-found', `Appointment/${id} is not one of yours.`);
    return appointmentResource(app, row);
  };

  app.get(
    '/Appointment/:id',
    {
      onRequest: opts.readLimit,
      schema: {
        tags: ['fhir'],
        summary: 'Read one of your appointments (patient or provider)',
        security,
        params: idParams,
      },
    },
    async (req) => answer(appointmentCaller(req), (req.params as { id: string }).id),
  );

  app.get(
    '/Appointment',
    {
      onRequest: opts.readLimit,
      schema: { tags: ['fhir'], summary: 'Search your appointments by patient, date and status', security },
    },
    async (req) => {
      const caller = appointmentCaller(req);
      const query = req.query as Query;
      checkKnown(query, ['patient', 'date', 'status', '_offset']);
      const count = countOf(query);
      const offset = offsetOf(query);
      const patients = referenceIds(query, 'patient', 'Patient');
      if (patients && caller.type === 'patient' && patients.some((p) => p !== caller.id))
        throw new FhirError(403, 'forbidden', 'You can only see your own appointments: leave patient out, or send your own Patient id.');
      const wanted = orList(query, 'status');
      for (const s of wanted ?? [])
        if (
          ![
            'proposed',
            'pending',
            'booked',
            'arrived',
            'fulfilled',
            'cancelled',
            'noshow',
            'entered-in-error',
            'checked-in',
            'waitlist',
          ].includes(s)
        )
          throw new FhirError(400, 'invalid', `status: "${s}" is not an Appointment status.`);
      const ids = orList(query, '_id')?.filter(isUuid);
      const base = baseUrl(app, req);
      const filter = {
        ...own(caller),
        ids,
        statuses: wanted ? [...new Set(wanted.flatMap((s) => BOOKING_STATUSES[s] ?? []))] : undefined,
        start: dateBounds(query, 'date'),
      };
      const nothing =
        (ids && ids.length === 0) || (filter.statuses && filter.statuses.length === 0) || (patients && patients.some((p) => !isUuid(p)));
      let rows = nothing ? [] : await findAppointments(app.db, filter, count + 1, offset);
      if (patients && caller.type === 'provider') rows = rows.filter((r) => r.patient_id && patients.includes(r.patient_id));
      const now = new Date();
      let resources = rows.slice(0, count).map((r) => appointmentResource(app, r, now));
      // A Held row is pending or cancelled depending on its hold: the asked-for status decides.
      if (wanted) resources = resources.filter((a) => wanted.includes(a.status));
      const more = rows.length > count;
      return {
        resourceType: 'Bundle',
        type: 'searchset',
        link: [
          { relation: 'self', url: pageUrl(base, req, {}) },
          ...(more ? [{ relation: 'next', url: pageUrl(base, req, { _offset: String(offset + count), _count: String(count) }) }] : []),
        ],
        entry: resources.map((resource) => ({
          fullUrl: `${base}/Appointment/${resource.id}`,
          resource,
          search: { mode: 'match' as const },
        })),
      } satisfies Bundle;
    },
  );

  app.post(
    '/Appointment/$find',
    {
      onRequest: opts.readLimit,
      schema: {
        tags: ['fhir'],
        summary: '$find: proposed Appointments for free slots by start, end, specialty, location-string (postcode or ZIP) and practitioner',
        body: resourceBody,
      },
    },
    async (req) => {
      const params = parametersOf(req.body);
      const known = new Set(['start', 'end', 'specialty', 'location-string', 'practitioner', '_count']);
      for (const p of params)
        if (!p?.name || !known.has(p.name)) throw new FhirError(400, 'not-supported', `$find does not take the parameter "${p?.name}".`);
      const start = stringValue(onlyOne(params, 'start'), 'start');
      const end = stringValue(onlyOne(params, 'end'), 'end');
      const bounds = [
        ...(start ? [{ op: 'ge' as const, at: dateRange(start, 'start').from }] : []),
        ...(end ? [{ op: 'lt' as const, at: dateRange(end, 'end').to }] : []),
      ];
      const specialties = params
        .filter((p) => p.name === 'specialty')
        .map(
          (p) =>
            p.valueCoding ??
            p.valueCodeableConcept?.coding?.[0] ??
            (p.valueString || p.valueCode ? { code: p.valueString ?? p.valueCode } : undefined),
        );
      if (specialties.some((c) => !c?.code)) throw new FhirError(400, 'invalid', 'specialty must be a Coding (valueCoding) with a code.');
      const ours = specialties.filter((c) => !c!.system || c!.system === SPECIALTY_SYSTEM).map((c) => c!.code!.toLowerCase());
      if (ours.length > 1) throw new FhirError(400, 'not-supported', 'Send one specialty.');
      const practitioners = params
        .filter((p) => p.name === 'practitioner')
        .map((p) => {
          const m = /^(?:.*\/)?(?:Practitioner|PractitionerRole)\/([0-9a-f-]{36})$/.exec(
            p.valueReference?.reference ?? p.valueString ?? '',
          );
          if (!m || !isUuid(m[1]!)) throw new FhirError(400, 'invalid', 'practitioner must be a reference to Practitioner/{id}.');
          return m[1]!;
        });
      const countParam = onlyOne(params, '_count')?.valueInteger;
      if (countParam !== undefined && (!Number.isInteger(countParam) || countParam < 1))
        throw new FhirError(400, 'invalid', `_count must be a whole number from 1 to ${MAX_COUNT}.`);
      const count = Math.min(countParam ?? 20, MAX_COUNT);
      const place = stringValue(onlyOne(params, 'location-string'), 'location-string');
      let near;
      if (place) {
        const origin = await geocoder.locate(place, guessRegion(place)).catch((err: unknown) => {
          throw new FhirError(400, 'invalid', `location-string: ${err instanceof Error ? err.message : 'unknown place'}`);
        });
        near = { origin, miles: DEFAULT_RADIUS };
      }
      const rows =
        specialties.length > 0 && ours.length === 0
          ? []
          : await findSlots(
              app.db,
              { start: bounds, status: 'free', specialty: ours[0], providerIds: practitioners.length ? practitioners : undefined, near },
              count,
            );
      const base = baseUrl(app, req);
      return {
        resourceType: 'Bundle',
        type: 'searchset',
        link: [{ relation: 'self', url: `${base}/Appointment/$find` }],
        entry: rows.map((r) => ({ resource: proposedAppointment(r), search: { mode: 'match' as const } })),
      } satisfies Bundle;
    },
  );

  app.post(
    '/Appointment/$hold',
    {
      onRequest: opts.writeLimit,
      schema: {
        tags: ['fhir'],
        summary: '$hold: hold the slot of a proposed Appointment for you, as the web checkout holds it',
        security,
        body: resourceBody,
      },
    },
    async (req) => {
      const caller = patientCaller(req);
      const slotId = slotOfAppointment(parametersOf(req.body));
      const held = await app.booking.holdSlotForPatient(caller.id, slotId);
      return answer(caller, held.bookingId);
    },
  );

  app.post(
    '/Appointment/$book',
    {
      onRequest: opts.writeLimit,
      schema: {
        tags: ['fhir'],
        summary: '$book: book the slot for you; pending until paid on the payment-link extension (cancelled-appt-id moves a booking)',
        security,
        body: resourceBody,
      },
    },
    async (req) => {
      const caller = patientCaller(req);
      const params = parametersOf(req.body);
      for (const p of params)
        if (!p?.name || !['appointment', 'cancelled-appt-id'].includes(p.name))
          throw new FhirError(400, 'not-supported', `$book does not take the parameter "${p?.name}".`);
      const slotId = slotOfAppointment(params);
      const moving = stringValue(onlyOne(params, 'cancelled-appt-id'), 'cancelled-appt-id');
      if (moving) {
        const id = /^(?:.*\/)?(?:Appointment\/)?([0-9a-f-]{36})$/.exec(moving)?.[1];
        if (!id || !isUuid(id))
          throw new FhirError(400, 'invalid', 'cancelled-appt-id must name one of your appointments, as Appointment/{id}.');
        const moved = await app.booking.rescheduleForPatient(caller.id, id, slotId);
        return answer(caller, moved.id);
      }
      const held = await app.booking.holdSlotForPatient(caller.id, slotId);
      return answer(caller, held.bookingId);
    },
  );

  app.post(
    '/Appointment/:id/$cancel',
    {
      onRequest: opts.writeLimit,
      schema: {
        tags: ['fhir'],
        summary: "$cancel: cancel your appointment under the web's cut-off policy, refund and e-mails",
        security,
        description: 'Body: none, or a Parameters resource with an optional `reason` (valueString).',
        params: idParams,
      },
    },
    async (req) => {
      const caller = patientCaller(req);
      const id = (req.params as { id: string }).id;
      const params = req.body === undefined || req.body === null ? [] : parametersOf(req.body);
      const reason = stringValue(onlyOne(params, 'reason'), 'reason') ?? null;
      if (reason && reason.length > 500) throw new FhirError(400, 'invalid', 'reason may be at most 500 characters.');
      if (!(await readOwn(caller, id))) throw new FhirError(404, 'not-found', `Appointment/${id} is not one of yours.`);
      await app.booking.cancelForPatient(caller.id, id, reason);
      return answer(caller, id);
    },
  );

  opts.liveOperations.push('appointment-find', 'appointment-hold', 'appointment-book', 'appointment-cancel');
}
