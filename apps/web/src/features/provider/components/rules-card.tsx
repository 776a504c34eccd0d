import { useState } from 'react';
import { Link } from 'react-router';
import { WEEKDAY_NAMES, type AvailabilityRule, type RuleSavedResponse } from '@careslot/contracts/availability';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../lib/paths';
import { useDeleteRule, useRules } from '../api/availability-api';
import type { ProviderIdentity } from '../api/provider-api';
import { EmptyState, Loading } from './bits';
import ws from './workspace.module.css';

const day = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

/** A rule in words: 'Mon, Wed · 09:00–12:00 · from 01/03/2027'. */
export function describeRule(r: AvailabilityRule): string {
  const hours = r.blocks.map((b) => `${b.start_time}–${b.end_time}`).join(', ');
  if (r.kind === 'weekly') {
    const days = r.weekdays.map((d) => WEEKDAY_NAMES[d]!.slice(0, 3)).join(', ');
    return `Every ${days} · ${hours} · from ${day(r.from_date)}${r.until_date ? ` to ${day(r.until_date)}` : ''}`;
  }
  if (r.kind === 'date') return `${day(r.from_date)} · ${hours}`;
  return `Time off ${day(r.from_date)}${r.until_date !== r.from_date ? ` to ${day(r.until_date)}` : ''} · ${hours || 'whole days'}${r.note ? ` · ${r.note}` : ''}`;
}

/** The provider's rules, each removable (future free slots go; held and booked ones stay and are listed). */
export function RulesCard({ who }: { who: ProviderIdentity }) {
  const rules = useRules(who);
  const remove = useDeleteRule(who);
  const [target, setTarget] = useState<AvailabilityRule | null>(null);
  const [result, setResult] = useState<RuleSavedResponse | null>(null);
  const title = (r: AvailabilityRule) => (r.kind === 'weekly' ? 'Weekly hours' : r.kind === 'date' ? 'One day' : 'Time off');
  return (
    <section className={ws.card} aria-labelledby="rules-title">
      <h2 id="rules-title" className={ws.cardTitle}>
        Your rules
      </h2>
      {result && (
        <Alert
          tone="success"
          title={`Removed: ${result.removed} free slots taken away${result.created ? `, ${result.created} given back` : ''}.`}
        >
          {result.kept.length > 0 && (
            <p>
              {result.kept.length} held or booked {result.kept.length === 1 ? 'appointment is' : 'appointments are'} kept; cancel{' '}
              {result.kept.length === 1 ? 'it' : 'them'} in <Link to={paths.providerAppointmentHistory}>Booked History</Link> if needed.
            </p>
          )}
        </Alert>
      )}
      {rules.isPending ? (
        <Loading label="Loading your rules…" />
      ) : rules.isError ? (
        <Alert tone="error">{rules.error.message}</Alert>
      ) : rules.data.length === 0 ? (
        <EmptyState title="No rules yet">
          <p>Weekly hours, single days and time off you add appear here.</p>
          <Link className="button" to={paths.providerAvailabilityNew}>
            Add New Availability
          </Link>
        </EmptyState>
      ) : (
        <ul className={ws.list}>
          {rules.data.map((r) => (
            <li key={r.id} className={ws.item}>
              <div className={ws.itemMain}>
                <p className={ws.itemTitle}>
                  {title(r)}
                  {r.hospital_name ? ` · ${r.hospital_name}` : r.kind === 'time_off' ? ' · all clinics' : ''}
                </p>
                <p className={ws.itemMeta}>{describeRule(r)}</p>
              </div>
              <Button variant="secondary" onClick={() => setTarget(r)} aria-label={`Remove ${title(r).toLowerCase()}: ${describeRule(r)}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={!!target}
        onOpenChange={(o) => !o && !remove.isPending && setTarget(null)}
        title={target?.kind === 'time_off' ? 'Remove this time off?' : 'Remove this rule?'}
        description={
          target
            ? target.kind === 'time_off'
              ? 'Your hours come back on those days.'
              : 'Its free slots are taken away. Held and booked appointments stay until you cancel them.'
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setTarget(null)} disabled={remove.isPending}>
              Keep it
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={async () => {
                try {
                  setResult(await remove.mutateAsync(target!.id));
                  setTarget(null);
                } catch {
                  // shown below
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
