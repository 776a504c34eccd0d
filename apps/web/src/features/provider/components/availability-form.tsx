import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import {
  WEEKDAY_NAMES,
  oneOffInputSchema,
  timeOffRuleSchema,
  weeklyRuleSchema,
  type PreviewInput,
  type RuleSavedResponse,
  type Conflict,
  type ShownSlot,
} from '@careslot/contracts/availability';
import type { OwnProfile } from '@careslot/contracts/provider-workspace';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCreateOneOff, useCreateRule, usePreview } from '../api/availability-api';
import type { ProviderIdentity } from '../api/provider-api';
import styles from './availability.module.css';
import ws from './workspace.module.css';

type Mode = 'weekly' | 'date' | 'time_off';

interface FormValues {
  mode: Mode;
  hospital_id: string;
  weekdays: string[];
  blocks: { start_time: string; end_time: string }[];
  from_date: string;
  until_date: string;
  date: string;
  start_time: string;
  end_time: string;
  slot_minutes: string;
  whole_days: boolean;
  note: string;
}

const today = () => new Date().toLocaleDateString('en-CA');

/** The request a mode's fields make, checked by the same schema the server uses: the payload, or the first problems. */
function buildRequest(v: FormValues, region: string) {
  if (v.mode === 'weekly') {
    const body = {
      kind: 'weekly' as const,
      providerRegion: region,
      hospital_id: v.hospital_id,
      weekdays: v.weekdays.map(Number).sort(),
      blocks: v.blocks,
      from_date: v.from_date,
      until_date: v.until_date,
      slot_minutes: v.slot_minutes,
    };
    return { body, result: weeklyRuleSchema.safeParse(body) };
  }
  if (v.mode === 'date') {
    const body = {
      providerRegion: region,
      hospital_id: v.hospital_id,
      date: v.date,
      start_time: v.start_time,
      end_time: v.end_time,
      slot_minutes: v.slot_minutes,
    };
    return { body, result: oneOffInputSchema.safeParse(body) };
  }
  const body = {
    kind: 'time_off' as const,
    providerRegion: region,
    hospital_id: v.hospital_id,
    from_date: v.from_date,
    until_date: v.until_date,
    blocks: v.whole_days ? [] : [{ start_time: v.start_time, end_time: v.end_time }],
    note: v.note,
  };
  return { body, result: timeOffRuleSchema.safeParse(body) };
}

/** Field errors from a schema's issues (first one per field), keyed like the form's names. */
function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    out[key] ??= issue.message;
  }
  return out;
}

/** Waits until the value has been still for a moment (the preview asks the server as the provider types). */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

function SlotLine({ s }: { s: ShownSlot & Partial<Pick<Conflict, 'rule' | 'planned'>> }) {
  return (
    <li>
      {s.date}, {s.start_time} – {s.end_time} · {s.hospital_name}
      {s.planned ? ' · planned, beyond your booking horizon' : ''}
      {s.rule ? <span className={styles.slotRule}> ({s.rule})</span> : null}
    </li>
  );
}

/** What a saved change did: slots created, and held or booked ones kept as they were. */
function SavedSummary({ saved }: { saved: RuleSavedResponse }) {
  return (
    <Alert tone="success" title={saved.rule?.kind === 'time_off' ? 'Your time off is saved' : `${saved.created} slots created`}>
      {saved.removed > 0 && <p>{saved.removed} free slots were taken away.</p>}
      {saved.kept.length > 0 && (
        <>
          <p>These appointments are kept; cancel them from Booked History if you cannot see the patient:</p>
          <ul className={styles.slotList}>
            {saved.kept.map((k) => (
              <li key={k.id}>
                {k.date}, {k.start_time} – {k.end_time} · {k.hospital_name} ({k.status})
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={paths.providerAvailabilityAll}>See them in All Availabilities</Link>
      </p>
    </Alert>
  );
}

/**
 * Add New Availability: weekly hours, one day, or time off, in the clinic's own time. As the provider fills it in, a
 * preview shows the slots it will create and anything they would clash with, before anything is saved.
 */
export function AvailabilityForm({ who, profile }: { who: ProviderIdentity; profile: OwnProfile }) {
  const clinics = profile.hospital_details;
  const defaults = (mode: Mode, hospitalId: string): FormValues => ({
    mode,
    hospital_id: hospitalId,
    weekdays: ['1', '2', '3', '4', '5'],
    blocks: [{ start_time: '09:00', end_time: '12:00' }],
    from_date: today(),
    until_date: '',
    date: today(),
    start_time: '09:00',
    end_time: '12:00',
    slot_minutes: '',
    whole_days: true,
    note: '',
  });
  const { register, control, handleSubmit, reset } = useForm<FormValues>({
    defaultValues: defaults('weekly', clinics[0]?.hospital_id ?? ''),
  });
  const blocks = useFieldArray({ control, name: 'blocks' });
  const values = useWatch({ control }) as FormValues;
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState<RuleSavedResponse | null>(null);
  const [serverError, setServerError] = useState<{ message: string; conflicts: Conflict[] } | null>(null);
  const createRule = useCreateRule(who);
  const createOneOff = useCreateOneOff(who);
  const ids = { weekdays: useId(), preview: useId(), modes: useId() };

  const request = useMemo(() => buildRequest(values, who.region), [values, who.region]);
  const errors = submitted && !request.result.success ? fieldErrors(request.result.error.issues) : {};
  const previewInput = useDebounced<Omit<PreviewInput, 'providerRegion'> | null>(
    request.result.success && values.mode !== 'time_off'
      ? ({ ...request.body, kind: values.mode === 'date' ? 'date' : 'weekly' } as Omit<PreviewInput, 'providerRegion'>)
      : null,
    350,
  );
  const preview = usePreview(who, previewInput);
  const conflicts = preview.data?.conflicts ?? [];
  const mode = values.mode;
  const weekdaysError = errors.weekdays ?? Object.entries(errors).find(([k]) => k.startsWith('weekdays.'))?.[1];

  const onSubmit = handleSubmit(async () => {
    setSubmitted(true);
    setServerError(null);
    setSaved(null);
    if (!request.result.success) return;
    try {
      const res =
        mode === 'date' ? await createOneOff.mutateAsync(request.body as never) : await createRule.mutateAsync(request.body as never);
      setSaved(res);
      setSubmitted(false);
      // A fresh form: what was saved is now availability the next entry is checked against.
      reset(defaults(mode, values.hospital_id));
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { conflicts?: Conflict[] } | null) : null;
      setServerError({ message: err instanceof Error ? err.message : 'Something went wrong.', conflicts: body?.conflicts ?? [] });
    }
  });

  const busy = createRule.isPending || createOneOff.isPending;
  return (
    <div className={styles.layout}>
      <form className={`${ws.card} ${ws.stack}`} onSubmit={onSubmit} noValidate aria-labelledby={ids.modes}>
        <fieldset className={styles.modes}>
          <legend id={ids.modes} className={styles.legend}>
            What would you like to add?
          </legend>
          {(
            [
              ['weekly', 'Weekly hours', 'The same hours every week'],
              ['date', 'One day', 'A single date'],
              ['time_off', 'Time off', 'Days or hours you are away'],
            ] as const
          ).map(([value, label, hint]) => (
            <label key={value} className={styles.mode}>
              <input type="radio" value={value} {...register('mode')} />
              <span>
                <strong>{label}</strong>
                <span className={styles.modeHint}>{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <SelectField label="Clinic" error={errors.hospital_id} {...register('hospital_id')}>
          {mode === 'time_off' && <option value="">All my clinics</option>}
          {clinics.map((c) => (
            <option key={c.hospital_id} value={c.hospital_id}>
              {c.hospital_name} ({c.time_zone})
            </option>
          ))}
        </SelectField>

        {mode === 'weekly' && (
          <>
            <fieldset className={styles.weekdays} aria-describedby={weekdaysError ? `${ids.weekdays}-error` : undefined}>
              <legend className={styles.legend}>Days of the week</legend>
              <div className={styles.dayList}>
                {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                  <label key={d} className={styles.day}>
                    <input type="checkbox" value={String(d)} {...register('weekdays')} />
                    <span>{WEEKDAY_NAMES[d]}</span>
                  </label>
                ))}
              </div>
              {weekdaysError && (
                <p id={`${ids.weekdays}-error`} className="field-error">
                  {weekdaysError}
                </p>
              )}
            </fieldset>
            <fieldset className={styles.blocks}>
              <legend className={styles.legend}>Hours (clinic time, 24-hour)</legend>
              {blocks.fields.map((f, i) => (
                <div key={f.id} className={styles.block}>
                  <TextField
                    label={`From (block ${i + 1})`}
                    type="time"
                    step={300}
                    error={errors[`blocks.${i}.start_time`]}
                    {...register(`blocks.${i}.start_time`)}
                  />
                  <TextField
                    label={`Until (block ${i + 1})`}
                    type="time"
                    step={300}
                    error={errors[`blocks.${i}.end_time`]}
                    {...register(`blocks.${i}.end_time`)}
                  />
                  {blocks.fields.length > 1 && (
                    <Button variant="ghost" onClick={() => blocks.remove(i)} aria-label={`Remove block ${i + 1}`}>
                      Remove
                    </Button>
                  )}
                </div>
              ))}
              {errors.blocks && <p className="field-error">{errors.blocks}</p>}
              {blocks.fields.length < 8 && (
                <div>
                  <Button variant="secondary" onClick={() => blocks.append({ start_time: '14:00', end_time: '17:00' })}>
                    Add another block
                  </Button>
                </div>
              )}
            </fieldset>
            <div className={ws.row}>
              <TextField label="First day" type="date" error={errors.from_date} {...register('from_date')} />
              <TextField
                label="Last day (optional)"
                type="date"
                hint="Leave empty to repeat every week."
                error={errors.until_date}
                {...register('until_date')}
              />
            </div>
          </>
        )}

        {mode === 'date' && (
          <div className={ws.row}>
            <TextField label="Date" type="date" error={errors.date} {...register('date')} />
            <TextField label="From" type="time" step={300} error={errors.start_time} {...register('start_time')} />
            <TextField label="Until" type="time" step={300} error={errors.end_time} {...register('end_time')} />
          </div>
        )}

        {mode !== 'time_off' && (
          <TextField
            label="Slot length in minutes (optional)"
            type="number"
            inputMode="numeric"
            min={5}
            max={480}
            hint={`Leave empty for your usual ${profile.consultation_minutes}-minute consultation.`}
            error={errors.slot_minutes}
            {...register('slot_minutes')}
          />
        )}

        {mode === 'time_off' && (
          <>
            <div className={ws.row}>
              <TextField label="First day" type="date" error={errors.from_date} {...register('from_date')} />
              <TextField label="Last day" type="date" error={errors.until_date} {...register('until_date')} />
            </div>
            <label className={styles.day}>
              <input type="checkbox" {...register('whole_days')} />
              <span>Whole days</span>
            </label>
            {!values.whole_days && (
              <div className={ws.row}>
                <TextField label="From" type="time" step={300} error={errors['blocks.0.start_time']} {...register('start_time')} />
                <TextField label="Until" type="time" step={300} error={errors['blocks.0.end_time']} {...register('end_time')} />
              </div>
            )}
            <TextAreaField label="Note (only you see it)" rows={2} className={styles.note} error={errors.note} {...register('note')} />
          </>
        )}

        {serverError && (
          <Alert tone="error" title={serverError.message}>
            {serverError.conflicts.length > 0 && (
              <ul className={styles.slotList}>
                {serverError.conflicts.map((c, i) => (
                  <SlotLine key={i} s={c} />
                ))}
              </ul>
            )}
          </Alert>
        )}
        {saved && <SavedSummary saved={saved} />}
        <div className={ws.actions}>
          <Button type="submit" loading={busy} disabled={mode !== 'time_off' && conflicts.length > 0}>
            {mode === 'time_off' ? 'Save time off' : 'Save availability'}
          </Button>
          {mode !== 'time_off' && conflicts.length > 0 && <span className={ws.muted}>Change the times to clear the clashes first.</span>}
        </div>
      </form>

      <section className={`${ws.card} ${styles.preview}`} aria-labelledby={ids.preview} aria-live="polite">
        <h2 id={ids.preview} className={ws.cardTitle}>
          Preview
        </h2>
        {mode === 'time_off' ? (
          <p className={ws.muted}>
            Free slots in these days are taken away when you save. Booked appointments stay, and are listed so you can cancel them if you
            need to.
          </p>
        ) : !request.result.success ? (
          <p className={ws.muted}>Fill in the form to see the slots it will create.</p>
        ) : preview.isError ? (
          <Alert tone="error">{preview.error.message}</Alert>
        ) : !preview.data ? (
          <p className={ws.muted}>Working out your slots…</p>
        ) : (
          <>
            <p className={styles.previewCount}>
              <strong>{preview.data.total}</strong> {preview.data.total === 1 ? 'slot' : 'slots'}
              {preview.data.generated_until ? ` up to ${preview.data.generated_until.split('-').reverse().join('/')}` : ''}
              {preview.isFetching && <span className={ws.muted}> (updating…)</span>}
            </p>
            {preview.data.generated_until && (
              <p className={ws.muted}>Later weeks are added day by day, so patients can always book ahead.</p>
            )}
            {conflicts.length > 0 && (
              <Alert tone="error" title="These times clash with availability you already have">
                <ul className={styles.slotList}>
                  {conflicts.slice(0, 8).map((c, i) => (
                    <SlotLine key={i} s={c} />
                  ))}
                </ul>
                {conflicts.length > 8 && <p>…and {conflicts.length - 8} more.</p>}
              </Alert>
            )}
            {preview.data.total === 0 ? (
              <p className={ws.muted}>These hours give no slots (they may be in the past, or shorter than one slot).</p>
            ) : (
              <PreviewDays slots={preview.data.slots} />
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** The first days of the preview, each with its slot times. */
function PreviewDays({ slots }: { slots: ShownSlot[] }) {
  const days = new Map<string, ShownSlot[]>();
  for (const s of slots) days.set(s.date, [...(days.get(s.date) ?? []), s]);
  const first = [...days.entries()].slice(0, 6);
  return (
    <ul className={styles.previewDays}>
      {first.map(([date, list]) => (
        <li key={date}>
          <p className={styles.previewDate}>
            {date} · {list[0]!.hospital_name}
          </p>
          <ul className={styles.chips}>
            {list.map((s) => (
              <li key={s.start_time} className={styles.chip}>
                {s.start_time}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
