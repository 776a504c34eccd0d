import type { ReactNode } from 'react';
import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';
import { TextField } from '../ui/field';
import formLayout from '../ui/form-layout.module.css';

/** The personal details a patient gives at registration and edits on the profile. */
interface PersonalDetailsValues {
  first_name: string;
  last_name: string;
  phone_number: string;
  date_of_birth: string;
}

interface Props<T extends PersonalDetailsValues & FieldValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The e-mail field, shown between the names and the phone (editable at registration, read-only on the profile). */
  emailField: ReactNode;
}

/** First and last name, e-mail, phone and date of birth, laid out and labelled the same on every form that asks. */
export function PersonalDetailsFields<T extends PersonalDetailsValues & FieldValues>({
  register: registerAny,
  errors: errorsAny,
  emailField,
}: Props<T>) {
  // The four fields exist on every form this serves; narrowing the form's own type to them keeps the calls simple.
  const register = registerAny as unknown as UseFormRegister<PersonalDetailsValues>;
  const e = errorsAny as FieldErrors<PersonalDetailsValues>;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <div className={formLayout.row}>
        <TextField label="First name" autoComplete="given-name" required error={e.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" autoComplete="family-name" required error={e.last_name?.message} {...register('last_name')} />
      </div>
      {emailField}
      <div className={formLayout.row}>
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint="A UK or US number."
          required
          error={e.phone_number?.message}
          {...register('phone_number')}
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          max={today}
          hint="Day, month and year."
          required
          error={e.date_of_birth?.message}
          {...register('date_of_birth')}
        />
      </div>
    </>
  );
}
