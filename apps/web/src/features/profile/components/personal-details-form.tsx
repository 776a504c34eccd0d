import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { updateProfileRequestSchema, type UpdateProfileRequest, type UserDetails } from '@careslot/contracts/patients';
import { Alert } from '../../../components/ui/alert';
import { PersonalDetailsFields } from '../../../components/personal-details-fields/personal-details-fields';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateProfile } from '../api/profile-api';
import styles from './profile.module.css';

/** Shows a stored E.164 number the way people write it. */
function displayPhone(phone: string | null): string {
  if (!phone) return '';
  if (phone.startsWith('+44')) return `0${phone.slice(3)}`.replace(/^(\d{5})(\d+)$/, '$1 $2');
  if (phone.startsWith('+1') && phone.length === 12) return `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
  return phone;
}

export function PersonalDetailsForm({ user }: { user: UserDetails }) {
  const update = useUpdateProfile(user.user_id);
  const [formError, setFormError] = useState<string | null>(null);
  const defaults = {
    first_name: user.first_name,
    last_name: user.last_name,
    phone_number: displayPhone(user.phone_number),
    date_of_birth: user.date_of_birth ?? '',
    sms_opt_in: user.sms_opt_in,
  };
  const { register, handleSubmit, setError, formState, reset } = useForm<UpdateProfileRequest>({
    resolver: zodResolver(updateProfileRequestSchema),
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const e = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      reset({
        first_name: saved.first_name,
        last_name: saved.last_name,
        phone_number: displayPhone(saved.phone_number),
        date_of_birth: saved.date_of_birth ?? '',
        sms_opt_in: saved.sms_opt_in,
      });
      toast.success('Your details are saved.');
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['first_name', 'last_name', 'phone_number', 'date_of_birth']));
    }
  });

  return (
    <section className={styles.card} aria-labelledby="details-title">
      <h2 id="details-title" className={styles.cardTitle}>
        Personal details
      </h2>
      <p className={styles.cardIntro}>Doctors see these details when you book with them.</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        <PersonalDetailsFields
          register={register}
          errors={e}
          emailField={
            <TextField
              label="E-mail address"
              type="email"
              value={user.email}
              readOnly
              className={styles.readonly}
              hint="Your sign-in address. To use a different one, contact us."
            />
          }
        />
        <label className={styles.check}>
          <input type="checkbox" aria-describedby="sms-hint" {...register('sms_opt_in')} />
          <span>Also remind me of appointments by text message</span>
        </label>
        <p id="sms-hint" className={styles.checkHint}>
          Sent to the phone number above: the time and the clinic only, never the reason for your visit. Reply STOP to any text to end them.
        </p>
        <div className={styles.formActions}>
          <Button type="submit" loading={update.isPending} disabled={!formState.isDirty}>
            {update.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      </form>
    </section>
  );
}
