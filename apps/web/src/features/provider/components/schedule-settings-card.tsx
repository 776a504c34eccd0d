import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { scheduleSettingsPatchSchema, type ScheduleSettings } from '@careslot/contracts/availability';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useUpdateSettings } from '../api/availability-api';
import type { ProviderIdentity } from '../api/provider-api';
import ws from './workspace.module.css';

interface Values {
  slot_minutes: string;
  buffer_minutes: string;
  min_notice_hours: string;
  horizon_days: string;
}

/** Slot length, buffer, minimum notice and how far ahead patients may book. */
export function ScheduleSettingsCard({ who, settings }: { who: ProviderIdentity; settings: ScheduleSettings }) {
  const update = useUpdateSettings(who);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<Values>({
    defaultValues: {
      slot_minutes: settings.slot_minutes === null ? '' : String(settings.slot_minutes),
      buffer_minutes: String(settings.buffer_minutes),
      min_notice_hours: String(settings.min_notice_minutes / 60),
      horizon_days: String(settings.horizon_days),
    },
  });
  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    const notice = v.min_notice_hours.trim() === '' ? '' : String(Math.round(Number(v.min_notice_hours) * 60));
    const body = {
      providerRegion: who.region,
      slot_minutes: v.slot_minutes,
      buffer_minutes: v.buffer_minutes,
      min_notice_minutes: notice,
      horizon_days: v.horizon_days,
    };
    const parsed = scheduleSettingsPatchSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    try {
      await update.mutateAsync({
        slot_minutes: v.slot_minutes.trim() === '' ? null : Number(v.slot_minutes),
        buffer_minutes: Number(v.buffer_minutes),
        min_notice_minutes: Number(notice),
        horizon_days: Number(v.horizon_days),
      });
      toast.success('Your scheduling settings are saved. Future free slots follow them.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong.');
    }
  });
  return (
    <section className={ws.card} aria-labelledby="schedule-settings">
      <h2 id="schedule-settings" className={ws.cardTitle}>
        Scheduling settings
      </h2>
      <p className={ws.muted}>They apply to all your hours. Booked appointments never move.</p>
      <form className={ws.stack} onSubmit={onSubmit} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        <div className={ws.row}>
          <TextField
            label="Slot length (minutes)"
            type="number"
            inputMode="numeric"
            hint={`Empty: your ${settings.consultation_minutes}-minute consultation.`}
            {...register('slot_minutes')}
          />
          <TextField label="Break between slots (minutes)" type="number" inputMode="numeric" {...register('buffer_minutes')} />
          <TextField
            label="Minimum notice (hours)"
            type="number"
            inputMode="decimal"
            step="0.5"
            hint="How soon before a slot patients may still book it."
            {...register('min_notice_hours')}
          />
          <TextField
            label="Booking horizon (days)"
            type="number"
            inputMode="numeric"
            hint="How far ahead patients may book."
            {...register('horizon_days')}
          />
        </div>
        <div>
          <Button type="submit" variant="secondary" loading={update.isPending}>
            Save settings
          </Button>
        </div>
      </form>
    </section>
  );
}
