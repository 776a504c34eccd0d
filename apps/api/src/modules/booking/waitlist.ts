import { DateTime } from 'luxon';
import { WAITLIST_MAX_DAYS, waitlistMessages, type WaitlistEntry, type WaitlistJoin } from '@careslot/contracts/after-booking';
import type { Db, Tx } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { describeSlot } from '../availability/availability.service';
import { enqueueMail } from '../mail/mail.service';
import { ownProvider } from '../providers/providers.service';
import type { SlotContext } from './booking.repository';
import type { BookingDeps } from './booking.types';
import { layout, publicUrl, slotWording } from './mail-layout';
import {
  deleteEntry,
  entriesOf,
  entryById,
  insertEntry,
  waitingFor,
  todayAtClinics,
  waitingForNewSlots,
  type NewTimeForEntry,
} from './waitlist.repository';

function toEntry(r: NonNullable<Awaited<ReturnType<typeof entryById>>>): WaitlistEntry {
  return {
    id: r.id,
    provider_id: r.provider_id,
    doctor_name: `Dr ${r.first_name} ${r.last_name}`,
    region: r.region,
    from_date: r.from_date,
    to_date: r.to_date,
    joined_at: r.created_at.toISOString(),
  };
}

/** Joins a provider's waitlist for a range of days (decision 064). */
export async function joinWaitlist(db: Db, patientId: string, input: WaitlistJoin, now = new Date()): Promise<WaitlistEntry> {
  const from = DateTime.fromISO(input.from_date, { zone: 'utc' });
  const to = DateTime.fromISO(input.to_date, { zone: 'utc' });
  if (!from.isValid) throw new ValidationError('That first day does not exist.', { from_date: 'Please give a real date.' });
  if (!to.isValid) throw new ValidationError('That last day does not exist.', { to_date: 'Please give a real date.' });
  if (to < from) throw new ValidationError(waitlistMessages.rangeOrder, { to_date: waitlistMessages.rangeOrder });
  if (to.diff(from, 'days').days >= WAITLIST_MAX_DAYS)
    throw new ValidationError(waitlistMessages.rangeTooLong, { to_date: waitlistMessages.rangeTooLong });
  await ownProvider(db, input.providerId, input.providerRegion).catch(() => {
    throw new NotFoundError('We could not find that provider.');
  });
  // A waitlist day is a day at the provider's clinics: "has it passed?" is asked in their zone, never in UTC (in a New
  // York evening UTC is already tomorrow; just after midnight in a London summer UTC is still yesterday).
  if (input.to_date < (await todayAtClinics(db, input.providerId, input.providerRegion, now)))
    throw new ValidationError(waitlistMessages.rangePast, { to_date: waitlistMessages.rangePast });
  const row = await insertEntry(db, {
    patient_id: patientId,
    provider_id: input.providerId,
    region: input.providerRegion,
    from_date: input.from_date,
    to_date: input.to_date,
  });
  if (!row) throw new ConflictError(waitlistMessages.duplicate);
  return toEntry((await entryById(db, row.id))!);
}

export async function listWaitlist(db: Db, patientId: string, now = new Date()): Promise<WaitlistEntry[]> {
  return (await entriesOf(db, patientId, now)).map(toEntry);
}

export async function leaveWaitlist(db: Db, patientId: string, entryId: string): Promise<void> {
  if (!(await deleteEntry(db, patientId, entryId))) throw new NotFoundError(waitlistMessages.notFound);
}

/**
 * A slot of the provider is free again: everyone waiting for its day is e-mailed, in the order they joined (the outbox
 * delivers in the order queued), with a link to book it. The link holds nothing: the first to complete checkout gets
 * the slot, as the one-active-booking index decides. Called inside the transaction that freed the slot.
 */
export async function notifyWaitlist(tx: Tx, deps: Pick<BookingDeps, 'config'>, ctx: SlotContext, exceptPatientId: string | null) {
  const shown = describeSlot(ctx.slot.starts_at, ctx.slot.ends_at, ctx.hospital.time_zone);
  const day = DateTime.fromJSDate(ctx.slot.starts_at, { zone: ctx.hospital.time_zone }).toISODate()!;
  const waiting = await waitingFor(tx, ctx.provider.id, day, exceptPatientId);
  const d = slotWording(ctx);
  const link = `${publicUrl(deps.config)}/appointment/${ctx.provider.id}?${new URLSearchParams({
    region: ctx.provider.region,
    date: shown.date,
    time: shown.time,
    distance: '0',
  })}`;
  for (const w of waiting) {
    if (!w.email) continue;
    const { html, text } = layout(
      'A time you were waiting for is free',
      [
        ['Doctor', d.doctor],
        ['Date', d.date],
        ['Time', `${d.timeRange} (${ctx.hospital.time_zone})`],
        ['Hospital', d.address],
        ['Book it', link],
      ],
      `Hello ${w.first_name}, a time has come free with ${d.doctor} in the days you asked for.`,
      'Others on the waitlist are told too: the first to complete the booking gets it.',
    );
    await enqueueMail(tx, { to: w.email, subject: `A time is free: ${d.doctor}, ${d.date} ${d.startTime}`, html, text });
  }
  return waiting.length;
}

/** How many new times one e-mail lists; the rest are on the provider's page. */
const NEW_TIMES_LISTED = 5;

/**
 * The provider opened new times (a rule added or changed, time off given back): each patient waiting for days that
 * now have free times gets ONE e-mail listing the first few, each with a link to book it, in the order they joined.
 * As for a freed slot, the links hold nothing and the first to complete checkout wins. Called by the availability
 * module (through the handler app.ts injects) inside the transaction that made the slots.
 */
export async function notifyWaitlistOfNewSlots(tx: Tx, deps: Pick<BookingDeps, 'config'>, providerId: string, slotIds: number[]) {
  const rows = await waitingForNewSlots(tx, providerId, slotIds);
  const byEntry = new Map<string, NewTimeForEntry[]>();
  for (const r of rows) byEntry.set(r.entry_id, [...(byEntry.get(r.entry_id) ?? []), r]);
  const base = publicUrl(deps.config);
  for (const times of byEntry.values()) {
    const first = times[0]!;
    if (!first.email) continue;
    const doctor = `Dr ${first.doctor_first_name} ${first.doctor_last_name}`;
    const shownTimes = times.slice(0, NEW_TIMES_LISTED).map((t) => {
      const shown = describeSlot(new Date(t.starts_at), new Date(t.ends_at), t.time_zone);
      const link = `${base}/appointment/${t.provider_id}?${new URLSearchParams({ region: t.region, date: shown.date, time: shown.time, distance: '0' })}`;
      return [`${shown.date} ${shown.time}`, `${t.hospital_name} (${t.time_zone}): ${link}`] as [string, string];
    });
    const more = times.length - shownTimes.length;
    const { html, text } = layout(
      'New times you were waiting for',
      [
        ['Doctor', doctor],
        ...shownTimes,
        ...(more > 0
          ? ([['More', `${more} more in your days: ${base}/doctor-profile/${first.provider_id}/0?region=${first.region}`]] as [
              string,
              string,
            ][])
          : []),
      ],
      `Hello ${first.patient_first_name}, ${doctor} has opened new times in the days you asked for.`,
      'Others on the waitlist are told too: the first to complete the booking gets a time.',
    );
    await enqueueMail(tx, { to: first.email, subject: `New times are free: ${doctor}`, html, text });
  }
  return byEntry.size;
}
