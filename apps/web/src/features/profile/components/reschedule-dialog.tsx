import { useMemo, useState } from 'react';
import type { Appointment } from '@careslot/contracts/patients';
import type { ProviderSlot } from '@careslot/contracts/providers';
import { DayPicker } from '../../../components/day-picker/day-picker';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useFreeTimes, useReschedule } from '../api/profile-api';
import styles from './profile.module.css';

/**
 * Move an appointment: a day, then a free time of the same provider (their next two weeks, on the same day strip as
 * the doctor profile), then Move appointment.
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
  const [chosen, setChosen] = useState<ProviderSlot | null>(null);
  const days = useMemo(() => {
    const out = new Map<string, ProviderSlot[]>();
    for (const s of times.data ?? []) {
      if (appointment && s.date === appointment.date && s.time === appointment.start_time) continue;
      out.set(s.date, [...(out.get(s.date) ?? []), s]);
    }
    return [...out.entries()];
  }, [times.data, appointment]);
  const shownDay = day && days.some(([d]) => d === day) ? day : (days[0]?.[0] ?? null);
  const close = () => {
    if (move.isPending) return;
    move.reset();
    setDay(null);
    setChosen(null);
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
              disabled={!chosen}
              onClick={() => appointment && chosen && move.mutate({ a: appointment, to: { date: chosen.date, time: chosen.time } })}
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
      ) : days.length === 0 ? (
        <Alert tone="info">There are no other free times in the next two weeks.</Alert>
      ) : (
        <>
          <p className={styles.apptMeta}>Times are in the clinic's time zone ({appointment?.time_zone}).</p>
          <DayPicker
            days={days}
            activeDay={shownDay ?? ''}
            onDay={(d) => {
              setDay(d);
              setChosen(null);
            }}
            chosen={chosen}
            onChoose={setChosen}
          />
          {move.isError && <Alert tone="error">{move.error.message}</Alert>}
        </>
      )}
    </Dialog>
  );
}
