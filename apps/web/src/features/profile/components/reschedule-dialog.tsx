import { useMemo, useState } from 'react';
import type { Appointment } from '@careslot/contracts/patients';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useFreeTimes, useReschedule } from '../api/profile-api';
import styles from './profile.module.css';

/** 'Mon 9 Mar' for a DD/MM/YYYY day. */
function dayLabel(date: string): string {
  const [d, m, y] = date.split('/').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
}

/**
 * Move an appointment: a day, then a free time of the same provider (their next two weeks), then Move appointment.
 * One call moves the booking and frees the old time; a time taken meanwhile says so and the times reload.
 */
export function RescheduleDialog({
  userId,
  appointment,
  onClose,
}: {
  userId: string;
  appointment: Appointment | null;
  onClose: () => void;
}) {
  const times = useFreeTimes(appointment);
  const move = useReschedule(userId);
  const [day, setDay] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const days = useMemo(() => {
    const out = new Map<string, string[]>();
    for (const s of times.data ?? []) {
      if (appointment && s.date === appointment.date && s.time === appointment.start_time) continue;
      out.set(s.date, [...(out.get(s.date) ?? []), s.time]);
    }
    return out;
  }, [times.data, appointment]);
  const shownDay = day && days.has(day) ? day : ([...days.keys()][0] ?? null);
  const close = () => {
    if (move.isPending) return;
    move.reset();
    setDay(null);
    setTime(null);
    onClose();
  };
  const done = move.data?.data;

  return (
    <Dialog
      open={!!appointment}
      onOpenChange={(o) => !o && close()}
      size="medium"
      title={done ? 'Appointment moved' : 'Reschedule appointment'}
      description={appointment ? `${appointment.doctor_name}, now ${appointment.date} at ${appointment.start_time}` : undefined}
      footer={
        done ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={move.isPending}>
              Keep this time
            </Button>
            <Button
              loading={move.isPending}
              disabled={!shownDay || !time}
              onClick={() => appointment && shownDay && time && move.mutate({ a: appointment, to: { date: shownDay, time } })}
            >
              Move appointment
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Alert tone="success">
          <p>
            Your appointment is now on {done.date} at {done.start_time}. Your payment stays with it, and we have e-mailed you the updated
            calendar entry.
          </p>
        </Alert>
      ) : times.isPending ? (
        <div className="screen-loading" role="status" style={{ minHeight: 120 }}>
          <div className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading free times</span>
        </div>
      ) : times.isError ? (
        <Alert tone="error">We could not load the free times. Please try again.</Alert>
      ) : days.size === 0 ? (
        <Alert tone="info">There are no other free times in the next two weeks.</Alert>
      ) : (
        <>
          <fieldset className={styles.choiceGroup}>
            <legend>Day</legend>
            <div className={styles.choices}>
              {[...days.keys()].map((d) => (
                <label key={d} className={styles.choice}>
                  <input
                    type="radio"
                    name="reschedule-day"
                    value={d}
                    checked={shownDay === d}
                    onChange={() => {
                      setDay(d);
                      setTime(null);
                    }}
                  />
                  <span>{dayLabel(d)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className={styles.choiceGroup}>
            <legend>Time ({appointment?.time_zone})</legend>
            <div className={styles.choices}>
              {(shownDay ? (days.get(shownDay) ?? []) : []).map((t) => (
                <label key={t} className={styles.choice}>
                  <input type="radio" name="reschedule-time" value={t} checked={time === t} onChange={() => setTime(t)} />
                  <span>{t}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {move.isError && <Alert tone="error">{move.error.message}</Alert>}
        </>
      )}
    </Dialog>
  );
}
