import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { currencySymbol } from '@careslot/contracts/money';
import { PROFILE_IMAGE_MAX_BYTES } from '@careslot/contracts/patients';
import { clinicInputSchema, parseAmountText, profileMessages, type OwnProfile } from '@careslot/contracts/provider-workspace';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useAddClinic, useRemoveClinic, useUpdateProfile, useUploadPhoto, type ProviderIdentity } from '../api/provider-api';
import { StatusBadge } from './bits';
import shell from './provider-shell.module.css';
import ws from './workspace.module.css';

const list = (text: string) =>
  text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Photo, name, registration and verification status. */
export function IdentityCard({ who, profile }: { who: ProviderIdentity; profile: OwnProfile }) {
  const upload = useUploadPhoto(who);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <section className={ws.card} aria-labelledby="identity-title">
      <h2 id="identity-title" className={ws.cardTitle}>
        Your photo and registration
      </h2>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-4)', alignItems: 'center' }}>
        <span className={shell.avatar} style={{ width: 96, height: 96, fontSize: '2rem' }} aria-hidden={!profile.profile_image}>
          {profile.profile_image ? <img src={profile.profile_image} alt="Your photo" /> : `${profile.first_name[0]}${profile.last_name[0]}`}
        </span>
        <div className={ws.stack} style={{ gap: 'var(--space-1)', minWidth: 0 }}>
          <p className={ws.itemTitle}>Dr {profile.name}</p>
          <p className={ws.itemMeta}>
            {profile.registed_with.professional_body_name} · {profile.registed_with.membership_number}
          </p>
          <p className={ws.itemMeta}>{profile.speciality ?? 'No speciality information available'}</p>
          <span>
            <StatusBadge status={profile.verification_status} />
          </span>
        </div>
      </div>
      <div style={{ marginTop: 'var(--space-4)' }} className={ws.actions}>
        <input
          ref={input}
          id="provider-photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label="Choose a photo to upload"
          tabIndex={-1}
          className="visually-hidden"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setError(null);
            if (file.size > PROFILE_IMAGE_MAX_BYTES) {
              setError('The picture is larger than 5 MB. Choose a smaller one.');
              return;
            }
            try {
              await upload.mutateAsync(file);
              toast.success('Your photo is updated.');
            } catch (err) {
              setError(err instanceof Error ? err.message : 'The photo could not be uploaded.');
            }
          }}
        />
        <Button variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()}>
          {profile.profile_image ? 'Change photo' : 'Upload a photo'}
        </Button>
        <span className={ws.muted}>JPEG, PNG or WebP, up to 5 MB.</span>
      </div>
      {error && (
        <div style={{ marginTop: 'var(--space-3)' }}>
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </section>
  );
}

interface DetailsValues {
  bio: string;
  languages: string;
  qualifications: string;
  amount: string;
  follow_amount: string;
  consultation_minutes: string;
}

/** What patients read and pay: bio, languages, qualifications, fees, consultation length. */
export function PracticeForm({ who, profile }: { who: ProviderIdentity; profile: OwnProfile }) {
  const update = useUpdateProfile(who);
  const [formError, setFormError] = useState<string | null>(null);
  const symbol = currencySymbol(who.region);
  const { register, handleSubmit, setError, formState } = useForm<DetailsValues>({
    defaultValues: {
      bio: profile.bio,
      languages: profile.languages.join(', '),
      qualifications: profile.qualifications.join(', '),
      amount: profile.amount,
      follow_amount: profile.follow_amount,
      consultation_minutes: String(profile.consultation_minutes),
    },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    let bad = false;
    for (const key of ['amount', 'follow_amount'] as const) {
      if (parseAmountText(v[key]) === null) {
        setError(key, { message: profileMessages.fee });
        bad = true;
      }
    }
    if (bad) return;
    try {
      await update.mutateAsync({
        bio: v.bio,
        languages: list(v.languages),
        qualifications: list(v.qualifications),
        amount: v.amount,
        follow_amount: v.follow_amount,
        consultation_minutes: v.consultation_minutes,
      });
      toast.success('Your profile is saved. Patients see the change at once.');
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['bio', 'amount', 'follow_amount', 'consultation_minutes']));
    }
  });
  return (
    <section className={ws.card} aria-labelledby="practice-title">
      <h2 id="practice-title" className={ws.cardTitle}>
        Your practice
      </h2>
      <form className={ws.stack} onSubmit={onSubmit} noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextAreaField
          label="About you"
          hint="Shown on your public profile."
          rows={5}
          maxLength={2000}
          error={e.bio?.message}
          {...register('bio')}
        />
        <div className={ws.row}>
          <TextField label="Languages" hint="Separate them with commas." error={e.languages?.message} {...register('languages')} />
          <TextField
            label="Qualifications"
            hint="For example: MBBS, MRCGP."
            error={e.qualifications?.message}
            {...register('qualifications')}
          />
        </div>
        <div className={ws.row}>
          <TextField label={`New patient fee (${symbol})`} inputMode="decimal" error={e.amount?.message} {...register('amount')} />
          <TextField
            label={`Follow-up fee (${symbol})`}
            inputMode="decimal"
            error={e.follow_amount?.message}
            {...register('follow_amount')}
          />
          <TextField
            label="Consultation length (minutes)"
            type="number"
            inputMode="numeric"
            min={5}
            max={240}
            error={e.consultation_minutes?.message}
            {...register('consultation_minutes')}
          />
        </div>
        <div>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </section>
  );
}

interface ClinicValues {
  name: string;
  address: string;
  city: string;
  postcode: string;
}

/** The clinics: each with its upcoming appointments; add one by address; remove one with none to come. */
export function ClinicsCard({ who, profile }: { who: ProviderIdentity; profile: OwnProfile }) {
  const add = useAddClinic(who);
  const remove = useRemoveClinic(who);
  const [removing, setRemoving] = useState<OwnProfile['hospital_details'][number] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<ClinicValues>({
    defaultValues: { name: '', address: '', city: '', postcode: '' },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    const parsed = clinicInputSchema.safeParse({ ...v, providerRegion: who.region });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(issue.path[0] as keyof ClinicValues, { message: issue.message });
      return;
    }
    try {
      await add.mutateAsync(v);
      reset();
      toast.success('Clinic added. Add its hours in Add New Availability.');
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['name', 'address', 'city', 'postcode']));
    }
  });
  const only = profile.hospital_details.length === 1;
  return (
    <section className={ws.card} aria-labelledby="clinics-title">
      <h2 id="clinics-title" className={ws.cardTitle}>
        Your clinics
      </h2>
      <ul className={ws.list}>
        {profile.hospital_details.map((c, i) => (
          <li key={c.hospital_id} className={ws.item}>
            <div className={ws.itemMain}>
              <p className={ws.itemTitle}>
                {c.hospital_name}
                {i === 0 ? ' (main)' : ''}
              </p>
              <p className={ws.itemMeta}>
                {c.hospital_location} · {c.time_zone}
              </p>
              <p className={ws.itemMeta}>
                {c.upcoming_appointments === 0 ? 'No upcoming appointments' : `${c.upcoming_appointments} upcoming appointments`}
              </p>
            </div>
            {only || c.upcoming_appointments > 0 ? (
              <span className={ws.notAllowed}>{only ? 'Your only clinic' : 'Has appointments to come'}</span>
            ) : (
              <Button variant="secondary" onClick={() => setRemoving(c)} aria-label={`Remove ${c.hospital_name}`}>
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      <h3 style={{ marginTop: 'var(--space-5)' }}>Add a clinic</h3>
      <form className={ws.stack} onSubmit={onSubmit} noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className={ws.row}>
          <TextField label="Clinic name" required error={e.name?.message} {...register('name')} />
          <TextField label="Street address" autoComplete="street-address" required error={e.address?.message} {...register('address')} />
        </div>
        <div className={ws.row}>
          <TextField label="Town or city" autoComplete="address-level2" required error={e.city?.message} {...register('city')} />
          <TextField
            label={who.region === 'usa' ? 'ZIP code' : 'Postcode'}
            autoComplete="postal-code"
            required
            error={e.postcode?.message}
            {...register('postcode')}
          />
        </div>
        <div>
          <Button type="submit" variant="secondary" loading={add.isPending}>
            Add clinic
          </Button>
        </div>
      </form>
      <Dialog
        open={!!removing}
        onOpenChange={(o) => !o && !remove.isPending && setRemoving(null)}
        title={`Remove ${removing?.hospital_name ?? 'this clinic'}?`}
        description="Its hours and free slots are removed too. Patients can no longer book you there."
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)} disabled={remove.isPending}>
              Keep it
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={async () => {
                try {
                  await remove.mutateAsync(removing!.hospital_id);
                  setRemoving(null);
                } catch {
                  // shown in the dialog
                }
              }}
            >
              Remove clinic
            </Button>
          </>
        }
      >
        {remove.isError && <Alert tone="error">{remove.error.message}</Alert>}
      </Dialog>
    </section>
  );
}
