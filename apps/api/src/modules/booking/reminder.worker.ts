import type { FastifyBaseLogger } from 'fastify';
import { PollingWorker } from '../../lib/polling-worker';
import { enqueueMail } from '../mail/mail.service';
import { enqueueText } from '../texts/texts.service';
import { findBooking, loadSlotContext, patientById } from './booking.repository';
import type { BookingDeps } from './booking.types';
import { cancelLinkUrl } from './booking-link';
import { publicUrl } from './mail-layout';
import { reminderMail, reminderText } from './reminder-mail';
import { claimDueReminders, markReminderSent } from './reminders.repository';

/** How often the worker looks: no reminder is sent later than this after it is due (decision 063). */
export const REMINDER_POLL_MS = 30_000;
const BATCH = 20;

/**
 * Sends due reminders. Each batch is ONE transaction: the rows are claimed with FOR UPDATE SKIP LOCKED, each
 * reminder's e-mail (and text, for patients who opted in) is queued in the outbox (which delivers it, decision 004) and the row marked sent — so with any
 * number of workers, each reminder is queued exactly once, and a crash before commit leaves it due for the next pass.
 */
export class ReminderWorker extends PollingWorker {
  constructor(
    private readonly deps: BookingDeps,
    log: FastifyBaseLogger,
    pollMs = REMINDER_POLL_MS,
  ) {
    super(log, pollMs, 'reminders');
  }

  protected async processDue(): Promise<number> {
    const sent = await this.deps.db.transaction(async (tx) => {
      const now = new Date();
      const due = await claimDueReminders(tx, now, BATCH);
      for (const r of due) {
        const booking = (await findBooking(tx, r.booking_id))!;
        const ctx = (await loadSlotContext(tx, booking.slot_id))!;
        const patient = booking.patient_id ? await patientById(tx, booking.patient_id) : null;
        if (patient?.email && r.channel === 'email') {
          const people = {
            patient: { ...patient, email: patient.email },
            from: this.deps.config.MAIL_FROM,
            publicUrl: publicUrl(this.deps.config),
          };
          const cancelUrl = cancelLinkUrl(this.deps.config, people.publicUrl, booking.id, ctx.slot.starts_at);
          await enqueueMail(tx, reminderMail(ctx, booking, people, { kind: r.kind, cancelUrl }));
        }
        // The text goes beside the e-mail, in the same transaction, so it too is queued exactly once.
        if (patient?.sms_opt_in && patient.phone_number && r.channel === 'email') {
          await enqueueText(tx, { to: patient.phone_number, body: reminderText(ctx) });
        }
        await markReminderSent(tx, r.id, now);
      }
      return due.length;
    });
    if (sent) this.deps.kickOutbox();
    return sent;
  }
}
