import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN } from '@careslot/contracts/auth';
import { currencySymbol, type Region } from '@careslot/contracts/money';
import {
  membershipNumberProblem,
  providerRegisterRequestSchema,
  REGULATOR_NAMES,
  REGULATORS_BY_REGION,
  type ProviderRegisterRequest,
  type Regulator,
} from '@careslot/contracts/provider-registration';
import { Alert } from '../../../components/ui/alert';
import { AudienceSwitch } from '../../../components/audience-switch/audience-switch';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { useDocumentTitle } from '../../../lib/document-title';
import { applyServerErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { readSelectedRegion, REGION_LABELS } from '../../../lib/region';
import { useSpecialities } from '../../../lib/specialities';
import { useProviderRegister } from '../api/registration-api';
import layout from '../../../components/ui/form-layout.module.css';
import styles from '../components/register-wizard.module.css';

type Values = ProviderRegisterRequest;
type Field = FieldPath<Values>;

/** The four short steps (docs/providers-onboarding.md, "Registration"); each checks its own fields before the next. */
const STEPS: { title: string; fields: Field[] }[] = [
  { title: 'About you', fields: ['first_name', 'last_name', 'email', 'password', 'phone_number'] },
  { title: 'Your registration', fields: ['region', 'regulator', 'membership_number', 'speciality', 'qualifications'] },
  { title: 'Where you practise', fields: ['hospital', 'hospital.name', 'hospital.address', 'hospital.city', 'hospital.postcode'] },
  {
    title: 'Your fees',
    fields: ['amount', 'follow_amount', 'consultation_minutes', 'company', 'company.name', 'company.registration_number'],
  },
];
const ALL_FIELDS = STEPS.flatMap((s) => s.fields);
const stepOf = (field: string) =>
  Math.max(
    0,
    STEPS.findIndex((s) => s.fields.includes(field as Field)),
  );

const REGULATOR_LABELS: Record<Regulator, string> = {
  gmc: `Doctor: ${REGULATOR_NAMES.gmc} (GMC)`,
  gdc: `Dentist: ${REGULATOR_NAMES.gdc} (GDC)`,
  npi: 'National Provider Identifier (NPI)',
};
const NUMBER_LABELS: Record<Regulator, { label: string; hint: string }> = {
  gmc: { label: 'GMC reference number', hint: '7 digits, as on the medical register.' },
  gdc: { label: 'GDC registration number', hint: 'Up to 6 digits, as on the dental register.' },
  npi: { label: 'NPI number', hint: 'Your 10-digit National Provider Identifier.' },
};

const splitList = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : v;

export default function ProviderRegisterPage() {
  useDocumentTitle('Join CareSlot as a doctor or dentist');
  const navigate = useNavigate();
  const registerCall = useProviderRegister();
  const [step, setStep] = useState(0);
  const [withCompany, setWithCompany] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const initialRegion: Region = readSelectedRegion();
  const { register, handleSubmit, setError, formState, trigger, control, setValue, getValues, setFocus, getFieldState } = useForm<Values>({
    resolver: zodResolver(providerRegisterRequestSchema),
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      phone_number: '',
      region: initialRegion,
      regulator: REGULATORS_BY_REGION[initialRegion][0],
      membership_number: '',
      speciality: '',
      qualifications: [],
      hospital: { name: '', address: '', city: '', postcode: '' },
      amount: '',
      follow_amount: '',
      consultation_minutes: 30,
    },
  });
  const e = formState.errors;
  const region = useWatch({ control, name: 'region' }) as Region;
  const regulator = useWatch({ control, name: 'regulator' }) as Regulator;
  const specialities = useSpecialities(region);
  const allowed = REGULATORS_BY_REGION[region] ?? REGULATORS_BY_REGION.uk;

  useEffect(() => {
    if (!(allowed as readonly string[]).includes(getValues('regulator'))) setValue('regulator', allowed[0]);
    setValue('speciality', '');
  }, [region, allowed, getValues, setValue]);

  const goTo = (next: number) => {
    setStep(next);
    // The new step's heading takes the focus, so keyboard and screen-reader users start at its top.
    requestAnimationFrame(() => document.getElementById(`step-${next}`)?.focus());
  };

  const next = async () => {
    const ok = await trigger(STEPS[step]!.fields);
    if (step === 1) {
      const problem = membershipNumberProblem(getValues('regulator') as Regulator, String(getValues('membership_number') ?? ''));
      if (problem) {
        setError('membership_number', { type: 'shape', message: problem });
        setFocus('membership_number');
        return;
      }
    }
    if (ok) goTo(step + 1);
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await registerCall.mutateAsync(values);
        // A company registration lands on the company's page (it shows the provider's own checks too).
        navigate(withCompany ? paths.companyVerify : paths.providerVerify, { state: { registered: true } });
      } catch (err) {
        setFormError(applyServerErrors(err, setError, ALL_FIELDS));
        const first = Object.keys((err as { fields?: Record<string, string> }).fields ?? {})[0];
        if (first) goTo(stepOf(first));
      }
    },
    (errors) => {
      const first = ALL_FIELDS.find((f) => f.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], errors));
      if (first) goTo(stepOf(first));
    },
  );

  const money = currencySymbol(region);
  const number = NUMBER_LABELS[regulator] ?? NUMBER_LABELS.gmc;
  const last = step === STEPS.length - 1;

  return (
    <div className="page narrow">
      <AudienceSwitch current="provider" />
      <h1>Join CareSlot as a doctor or dentist</h1>
      <p className="lead">
        Four short steps. We check your registration with your professional register straight away; patients can book you once it is
        confirmed.
      </p>
      <ol className={styles.steps} aria-label="Steps">
        {STEPS.map((s, i) => (
          <li key={s.title} aria-current={i === step ? 'step' : undefined} className={i < step ? styles.done : undefined}>
            {s.title}
          </li>
        ))}
      </ol>
      <form
        onSubmit={onSubmit}
        noValidate
        className={layout.stack}
        // A field shown with an error is checked again as it changes, so a fixed field does not keep the old message.
        onChange={(ev) => {
          const name = ((ev.target as unknown as Element).getAttribute('name') ?? '') as Field;
          if (name && getFieldState(name).error) void trigger(name);
        }}
      >
        {formError && <Alert tone="error">{formError}</Alert>}

        <section hidden={step !== 0} aria-labelledby="step-0" className={styles.step}>
          <h2 id="step-0" tabIndex={-1}>
            About you
          </h2>
          <div className={styles.row}>
            <TextField label="First name" autoComplete="given-name" required error={e.first_name?.message} {...register('first_name')} />
            <TextField label="Last name" autoComplete="family-name" required error={e.last_name?.message} {...register('last_name')} />
          </div>
          <p className="field-hint">Use your name exactly as it appears on your professional register.</p>
          <TextField label="E-mail address" type="email" autoComplete="email" required error={e.email?.message} {...register('email')} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong, memorable password.`}
            required
            error={e.password?.message}
            {...register('password')}
          />
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            required
            hint="A UK or US number, like 07911 123456 or (201) 555-0123."
            error={e.phone_number?.message}
            {...register('phone_number')}
          />
        </section>

        <section hidden={step !== 1} aria-labelledby="step-1" className={styles.step}>
          <h2 id="step-1" tabIndex={-1}>
            Your registration
          </h2>
          <SelectField label="Where you practise" required error={e.region?.message} {...register('region')}>
            <option value="uk">{REGION_LABELS.uk.long}</option>
            <option value="usa">{REGION_LABELS.usa.long}</option>
          </SelectField>
          <SelectField label="Professional register" required error={e.regulator?.message} {...register('regulator')}>
            {allowed.map((r) => (
              <option key={r} value={r}>
                {REGULATOR_LABELS[r]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={number.label}
            inputMode="numeric"
            required
            hint={number.hint}
            error={e.membership_number?.message}
            {...register('membership_number')}
          />
          <SelectField label="Speciality" required error={e.speciality?.message} {...register('speciality')}>
            <option value="">Choose your speciality</option>
            {(specialities.data ?? []).map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Qualifications"
            hint="Separate them with commas, for example MBBS, MRCGP."
            error={e.qualifications?.message ?? e.qualifications?.[0]?.message}
            {...register('qualifications', { setValueAs: splitList })}
          />
        </section>

        <section hidden={step !== 2} aria-labelledby="step-2" className={styles.step}>
          <h2 id="step-2" tabIndex={-1}>
            Where you practise
          </h2>
          <p className="field-hint">Your main clinic or hospital. Patients find you here; you can add more clinics later.</p>
          <TextField label="Clinic or hospital name" required error={e.hospital?.name?.message} {...register('hospital.name')} />
          <TextField
            label="Street address"
            autoComplete="address-line1"
            required
            error={e.hospital?.address?.message}
            {...register('hospital.address')}
          />
          <div className={styles.row}>
            <TextField
              label="Town or city"
              autoComplete="address-level2"
              required
              error={e.hospital?.city?.message}
              {...register('hospital.city')}
            />
            <TextField
              label={region === 'usa' ? 'ZIP code' : 'Postcode'}
              autoComplete="postal-code"
              required
              error={e.hospital?.postcode?.message ?? e.hospital?.message}
              {...register('hospital.postcode')}
            />
          </div>
        </section>

        <section hidden={step !== 3} aria-labelledby="step-3" className={styles.step}>
          <h2 id="step-3" tabIndex={-1}>
            Your fees
          </h2>
          <div className={styles.row}>
            <TextField
              label={`First-visit fee (${money})`}
              inputMode="decimal"
              required
              hint="For example 62 or 62.50."
              error={e.amount?.message}
              {...register('amount')}
            />
            <TextField
              label={`Follow-up fee (${money})`}
              inputMode="decimal"
              required
              hint="For example 45."
              error={e.follow_amount?.message}
              {...register('follow_amount')}
            />
          </div>
          <TextField
            label="Consultation length (minutes)"
            type="number"
            inputMode="numeric"
            min={5}
            max={240}
            required
            error={e.consultation_minutes?.message}
            {...register('consultation_minutes')}
          />
          <label className={styles.check}>
            <input type="checkbox" checked={withCompany} onChange={(ev) => setWithCompany(ev.target.checked)} />I practise through a company
          </label>
          {withCompany && (
            <div className={layout.stack}>
              <TextField
                label={region === 'usa' ? 'Company EIN' : 'Companies House number'}
                required
                hint={
                  region === 'usa'
                    ? '9 digits, like 12-3456789. If your company is already on CareSlot, you join it.'
                    : '8 characters, like 01234567 or SC123456. If your company is already on CareSlot, you join it.'
                }
                error={e.company?.registration_number?.message}
                {...register('company.registration_number', { shouldUnregister: true })}
              />
              <TextField
                label="Company legal name"
                hint="Needed when your company is new to CareSlot."
                error={e.company?.name?.message}
                {...register('company.name', { shouldUnregister: true })}
              />
            </div>
          )}
          <p className="field-hint">
            By joining you agree to our <Link to={paths.termsOfUse}>terms of use</Link> and{' '}
            <Link to={paths.privacyCookie}>privacy notice</Link>.
          </p>
        </section>

        <div className={styles.nav}>
          {step > 0 ? (
            <Button variant="secondary" onClick={() => goTo(step - 1)}>
              Back
            </Button>
          ) : (
            <span />
          )}
          {last ? (
            <Button type="submit" loading={registerCall.isPending}>
              {registerCall.isPending ? 'Creating your account…' : 'Create my provider account'}
            </Button>
          ) : (
            <Button onClick={next}>Continue</Button>
          )}
        </div>
      </form>
      <p className={styles.after}>
        Already on CareSlot? <Link to={`${paths.signIn}?as=provider`}>Sign in as a provider</Link>
      </p>
    </div>
  );
}
