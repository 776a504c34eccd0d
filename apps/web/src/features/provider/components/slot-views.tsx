import { useState } from 'react';
import { WEEKDAY_NAMES, type AvailabilityRow, type PlannedSlotRow } from '@careslot/contracts/availability';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useWithdrawSlot } from '../api/availability-api';
import type { ProviderIdentity } from '../api/provider-api';
import { StatusBadge } from './bits';
import styles from './availability.module.css';
import ws from './workspace.module.css';

const DAY_MS = 86_400_000;
export const isoToUtc = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
export const addDaysIso = (iso: string, days: number) => new Date(isoToUtc(iso) + days * DAY_MS).toISOString().slice(0, 10);
export const todayIn = (zone: string) => new Date().toLocaleDateString('en-CA', { timeZone: zone });
/** Monday of the week a day is in. */
export const mondayOf = (iso: string) => addDaysIso(iso, -((new Date(isoToUtc(iso)).getUTCDay() + 6) % 7));
const shortDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/** Confirms withdrawing a free slot; held and booked slots are not offered (cancel the appointment instead). */
export function WithdrawDialog({ who, slot, onClose }: { who: ProviderIdentity; slot: AvailabilityRow | null; onClose: () => void }) {
  const withdraw = useWithdrawSlot(who);
  return (
    <Dialog
      open={!!slot}
      onOpenChange={(o) => !o && !withdraw.isPending && onClose()}
      title="Withdraw this slot?"
      description={
        slot
          ? `${slot.date}, ${slot.start_time} – ${slot.end_time} at ${slot.hospital_name}. Patients will no longer be able to book it.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={withdraw.isPending}>
            Keep it
          </Button>
          <Button
            variant="danger"
            loading={withdraw.isPending}
            onClick={async () => {
              await withdraw.mutateAsync(slot!.id).then(onClose, () => undefined);
            }}
          >
            Withdraw slot
          </Button>
        </>
      }
    >
      {withdraw.isError && <Alert tone="error">{withdraw.error.message}</Alert>}
    </Dialog>
  );
}

/** Seven day columns; each slot is a button when it can be withdrawn. */
export function WeekView({
  monday,
  rows,
  planned = [],
  horizonUntil,
  onWithdraw,
}: {
  monday: string;
  rows: AvailabilityRow[];
  /** Times the weekly hours will open on days beyond the booking horizon (no slot yet). */
  planned?: PlannedSlotRow[];
  /** The last day slots are made for now. */
  horizonUntil?: string;
  onWithdraw: (row: AvailabilityRow) => void;
}) {
  const days = Array.from({ length: 7 }, (_, i) => addDaysIso(monday, i));
  const beyond = horizonUntil !== undefined && days[6]! > horizonUntil;
  return (
    <>
      {beyond && (
        <p className={styles.horizonNote}>
          Slots are open for booking up to {horizonUntil!.split('-').reverse().join('/')} (your booking horizon). Later days show the times
          your weekly hours will open there as <strong>planned</strong>, with the day each opens for booking.
        </p>
      )}
      <div className={styles.week}>
        {days.map((day, i) => {
          const slots = rows.filter((r) => r.iso_date === day);
          const later = planned.filter((p) => p.iso_date === day);
          return (
            <section key={day} className={styles.dayColumn} aria-label={`${WEEKDAY_NAMES[i + 1]} ${shortDate(day)}`}>
              <h3 className={styles.dayTitle}>
                {WEEKDAY_NAMES[i + 1]!.slice(0, 3)} {shortDate(day)}
              </h3>
              {later.length > 0 && (
                <ul className={styles.daySlots} aria-label="Planned: open for booking later">
                  {later.map((p) => (
                    <li key={`${p.rule_id}-${p.start_time}`} className={styles.plannedSlot}>
                      <span className={styles.slotTime}>{p.start_time}</span>{' '}
                      <span className={styles.slotState}>
                        Planned · opens {shortDate(p.opens_on)}
                        {p.hospital_name ? <span className="visually-hidden"> at {p.hospital_name}</span> : null}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {later.length > 0 ? null : slots.length === 0 ? (
                <p className={styles.noSlots}>No slots</p>
              ) : (
                <ul className={styles.daySlots}>
                  {slots.map((s) => (
                    <li key={s.id}>
                      <button
                        type="button"
                        className={`${styles.slotButton} ${styles[`slot-${s.status}`]}`}
                        disabled={s.status !== 'Open'}
                        // The name starts with what the button shows (time, then status), so it can be said aloud.
                        aria-label={`${s.start_time}${s.status !== 'Open' ? ` ${s.status}` : ''} until ${s.end_time} at ${s.hospital_name}${s.status === 'Open' ? ', open: withdraw' : ''}`}
                        onClick={() => onWithdraw(s)}
                      >
                        <span className={styles.slotTime}>{s.start_time}</span>
                        {s.status !== 'Open' && (
                          <>
                            {' '}
                            <span className={styles.slotState}>{s.status}</span>
                          </>
                        )}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      <ul className={styles.legendRow} aria-label="What the colours mean">
        <li>Green edge: open (select to withdraw)</li>
        <li>Blue: booked</li>
        <li>Amber: held during a checkout</li>
        <li>Grey: withdrawn</li>
        <li>Dashed: planned, beyond your booking horizon</li>
      </ul>
    </>
  );
}

/** Five slots a page: date, time, clinic, status, and Withdraw for a free one. */
export function SlotTable({ rows, onWithdraw }: { rows: AvailabilityRow[]; onWithdraw: (row: AvailabilityRow) => void }) {
  return (
    <table className={ws.table}>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Time</th>
          <th scope="col">Clinic</th>
          <th scope="col">Status</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td data-label="Date">{r.date}</td>
            <td data-label="Time">
              {r.start_time} – {r.end_time}
            </td>
            <td data-label="Clinic">{r.hospital_name}</td>
            <td data-label="Status">
              <StatusBadge status={r.status} />
            </td>
            <td data-label="Action">
              {r.status === 'Open' ? (
                <Button variant="secondary" onClick={() => onWithdraw(r)} aria-label={`Withdraw ${r.date} ${r.start_time}`}>
                  Withdraw
                </Button>
              ) : (
                <span className={ws.notAllowed}>{r.status === 'Withdrawn' ? 'Withdrawn' : 'Not Allowed'}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function useWithdrawTarget() {
  return useState<AvailabilityRow | null>(null);
}
