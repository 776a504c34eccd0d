import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { webcalUrl, type ConnectedCalendar } from '@careslot/contracts/calendars';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { applyServerErrors } from '../../../lib/form-errors';
import {
  useAddCalendar,
  useCalendarFeed,
  useConnectedCalendars,
  useRemoveCalendar,
  useRevokeCalendarFeed,
  useRotateCalendarFeed,
  useShowConcern,
  useSyncCalendar,
} from '../api/calendar-api';
import type { ProviderIdentity } from '../api/provider-api';
import { EmptyState, Loading, PageHeader, StatusBadge } from '../components/bits';
import { useProviderWorkspace } from '../components/provider-context';
import styles from '../components/calendar.module.css';
import ws from '../components/workspace.module.css';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'never');

/** A link with its copy button; the button says when it has copied. */
function CopyLink({ label, name, value }: { label: string; name: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.link}>
      <p className={styles.linkLabel}>{label}</p>
      <p className={styles.linkValue}>{value}</p>
      <div className={ws.actions}>
        <Button
          variant="secondary"
          onClick={async () => {
            await navigator.clipboard.writeText(value);
            setCopied(true);
          }}
        >
          {copied ? `Copied ${name}` : `Copy ${name}`}
        </Button>
      </div>
    </div>
  );
}

function FeedCard({ who }: { who: ProviderIdentity }) {
  const feed = useCalendarFeed(who);
  const rotate = useRotateCalendarFeed(who);
  const revoke = useRevokeCalendarFeed(who);
  const concern = useShowConcern(who);
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  const busy = rotate.isPending || revoke.isPending;
  const act = async () => {
    try {
      if (confirm === 'rotate') await rotate.mutateAsync();
      else await revoke.mutateAsync();
      setConfirm(null);
    } catch {
      // Shown in the dialog.
    }
  };
  return (
    <section className={ws.card} aria-labelledby="feed-title">
      <h2 id="feed-title" className={ws.cardTitle}>
        Your bookings in your calendar app
      </h2>
      <p className={ws.muted} style={{ marginTop: 0 }}>
        Subscribe to this private link in Google Calendar, Outlook or Apple Calendar and every CareSlot booking appears there, with
        cancellations and new times. Anyone with the link can see your appointments, so keep it to yourself.
      </p>
      {feed.isPending ? (
        <Loading label="Loading your calendar link…" />
      ) : feed.isError ? (
        <Alert tone="error">{feed.error.message}</Alert>
      ) : !feed.data ? (
        <div className={ws.stack}>
          <Alert tone="info">Your calendar link is turned off. Calendar apps subscribed to the old link no longer receive bookings.</Alert>
          <div className={ws.actions}>
            <Button loading={rotate.isPending} onClick={() => rotate.mutate()}>
              Make a new link
            </Button>
          </div>
        </div>
      ) : (
        <div className={ws.stack}>
          {feed.data.masked ? (
            <>
              <p className={styles.linkValue}>{feed.data.url}</p>
              <p className={ws.muted} style={{ margin: 0 }}>
                For your security the link is shown in full only once, when it is made. Lost it? Get a new link: the old one stops working
                at once.
              </p>
            </>
          ) : (
            <>
              <Alert tone="success" title="Copy your link now">
                It is shown in full only this once.
              </Alert>
              <CopyLink label="Calendar app link (webcal)" name="calendar app link" value={webcalUrl(feed.data.url)} />
              <CopyLink label="Web link (https)" name="web link" value={feed.data.url} />
            </>
          )}
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={feed.data.show_concern}
              disabled={concern.isPending}
              onChange={(e) => concern.mutate(e.target.checked)}
            />
            Include the reason the patient gave for the visit
          </label>
          {concern.isError && <Alert tone="error">{concern.error.message}</Alert>}
          <div className={ws.actions}>
            <Button variant="secondary" onClick={() => setConfirm('rotate')}>
              Get a new link
            </Button>
            <Button variant="ghost" onClick={() => setConfirm('revoke')}>
              Turn the link off
            </Button>
          </div>
        </div>
      )}
      <Dialog
        open={confirm !== null}
        onOpenChange={(o) => !o && !busy && setConfirm(null)}
        title={confirm === 'rotate' ? 'Get a new calendar link?' : 'Turn your calendar link off?'}
        description="Calendar apps subscribed to the current link stop receiving your bookings at once."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)} disabled={busy}>
              Cancel
            </Button>
            <Button variant={confirm === 'rotate' ? 'primary' : 'danger'} loading={busy} onClick={act}>
              {confirm === 'rotate' ? 'Get a new link' : 'Turn it off'}
            </Button>
          </>
        }
      >
        {(rotate.isError || revoke.isError) && <Alert tone="error">{(rotate.error ?? revoke.error)!.message}</Alert>}
      </Dialog>
    </section>
  );
}

function CalendarItem({ who, calendar, onRemove }: { who: ProviderIdentity; calendar: ConnectedCalendar; onRemove: () => void }) {
  const sync = useSyncCalendar(who);
  return (
    <li className={ws.item}>
      <div className={ws.itemMain}>
        <p className={ws.itemTitle}>
          {calendar.name} <StatusBadge status={calendar.error ? 'Failing' : 'Connected'} />
        </p>
        <p className={styles.url}>{calendar.url}</p>
        <p className={ws.itemMeta}>
          Last good sync: {when(calendar.last_synced_at)} · {calendar.busy_events} busy {calendar.busy_events === 1 ? 'time' : 'times'} ·{' '}
          {calendar.slots_hidden} free {calendar.slots_hidden === 1 ? 'slot' : 'slots'} hidden from patients
        </p>
        {calendar.error && <p className={styles.error}>{calendar.error} The busy times of the last good sync stay in force.</p>}
        {sync.isError && <p className={styles.error}>{sync.error.message}</p>}
      </div>
      <div className={ws.actions}>
        <Button
          variant="secondary"
          loading={sync.isPending}
          onClick={() => sync.mutate(calendar.id)}
          aria-label={`Sync now ${calendar.name}`}
        >
          Sync now
        </Button>
        <Button variant="ghost" onClick={onRemove} aria-label={`Remove ${calendar.name}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}

function CalendarsCard({ who }: { who: ProviderIdentity }) {
  const calendars = useConnectedCalendars(who);
  const add = useAddCalendar(who);
  const remove = useRemoveCalendar(who);
  const [removing, setRemoving] = useState<ConnectedCalendar | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<{ name: string; url: string }>({
    defaultValues: { name: '', url: '' },
  });
  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      await add.mutateAsync(v);
      reset();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['name', 'url']));
    }
  });
  return (
    <section className={ws.card} aria-labelledby="calendars-title">
      <h2 id="calendars-title" className={ws.cardTitle}>
        Calendars that block your availability
      </h2>
      <p className={ws.muted} style={{ marginTop: 0 }}>
        Connect your own calendars by their ICS link. Times you are busy there are taken off sale here, checked every 10 minutes;
        appointments already booked stay booked and are shown on your dashboard.
      </p>
      {calendars.isPending ? (
        <Loading label="Loading your calendars…" />
      ) : calendars.isError ? (
        <Alert tone="error">{calendars.error.message}</Alert>
      ) : calendars.data.length === 0 ? (
        <EmptyState title="No calendar connected yet">
          <p className={ws.muted}>Add the private ICS link of a calendar below.</p>
        </EmptyState>
      ) : (
        <ul className={ws.list}>
          {calendars.data.map((c) => (
            <CalendarItem key={c.id} who={who} calendar={c} onRemove={() => setRemoving(c)} />
          ))}
        </ul>
      )}
      <form className={styles.addForm} onSubmit={onSubmit} noValidate aria-labelledby="add-calendar-title">
        <h3 id="add-calendar-title" className="visually-hidden">
          Connect a calendar
        </h3>
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          label="Calendar name"
          placeholder="Practice calendar"
          required
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="ICS link"
          placeholder="https://… or webcal://…"
          inputMode="url"
          autoComplete="off"
          required
          error={formState.errors.url?.message}
          {...register('url')}
        />
        <Button type="submit" loading={add.isPending}>
          Connect calendar
        </Button>
      </form>
      <Dialog
        open={!!removing}
        onOpenChange={(o) => !o && !remove.isPending && setRemoving(null)}
        title="Remove this calendar?"
        description={removing ? `${removing.name}: its busy times stop blocking your availability at once.` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={async () => {
                try {
                  await remove.mutateAsync(removing!.id);
                  setRemoving(null);
                } catch {
                  // Shown in the dialog.
                }
              }}
            >
              Remove
            </Button>
          </>
        }
      >
        {remove.isError && <Alert tone="error">{remove.error.message}</Alert>}
      </Dialog>
    </section>
  );
}

/** /doctor/calendar: the private subscription link of bookings, and the calendars whose busy times are taken off sale. */
export default function CalendarPage() {
  const { who } = useProviderWorkspace();
  return (
    <>
      <PageHeader title="Calendar" lead="Keep CareSlot and your own calendar in step, both ways." />
      <div className={ws.sections}>
        <FeedCard who={who} />
        <CalendarsCard who={who} />
      </div>
    </>
  );
}
