import { useState } from 'react';
import type { Appointment } from '@careslot/contracts/patients';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { useCancelMyAppointment } from '../api/profile-api';
import { CancelTerms } from './cancel-terms';

/**
 * The patient's cancellation: the terms that apply now (refund amount or fee kept), an optional reason, Keep or
 * Cancel appointment. On success it says what happened and the list reloads.
 */
export function CancelAppointmentDialog({
  userId,
  appointment,
  onClose,
}: {
  userId: string;
  appointment: Appointment | null;
  onClose: () => void;
}) {
  const cancel = useCancelMyAppointment(userId);
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState<Appointment | null>(null);
  const a = appointment ?? shown;
  const done = cancel.isSuccess ? cancel.data.data : null;
  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    setReason('');
    setShown(null);
    onClose();
  };
  if (appointment && appointment !== shown) setShown(appointment);
  return (
    <Dialog
      open={!!appointment}
      onOpenChange={(o) => !o && close()}
      size="medium"
      title={done ? 'Appointment cancelled' : 'Cancel appointment'}
      description={a ? `${a.doctor_name}, ${a.date} at ${a.start_time}, ${a.hospital_name}` : undefined}
      footer={
        done ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
              Keep appointment
            </Button>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() => {
                if (a) cancel.mutate({ a, reason });
              }}
            >
              Cancel appointment
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Alert tone="success">
          <p>
            Your appointment is cancelled.{' '}
            {done.refund
              ? `${done.refund.currency === 'USD' ? '$' : '£'}${done.refund.amount} will be refunded to the card or wallet you paid with.`
              : 'No refund is due.'}{' '}
            We have e-mailed you the details.
          </p>
        </Alert>
      ) : (
        a?.cancellation && (
          <>
            <CancelTerms policy={a.cancellation} timeZone={a.time_zone} />
            <div style={{ marginTop: 'var(--space-3)' }}>
              <TextAreaField
                label="Reason (optional)"
                hint="Your doctor sees it with the cancellation."
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
            {cancel.isError && (
              <div style={{ marginTop: 'var(--space-3)' }}>
                <Alert tone="error">{cancel.error.message}</Alert>
              </div>
            )}
          </>
        )
      )}
    </Dialog>
  );
}
