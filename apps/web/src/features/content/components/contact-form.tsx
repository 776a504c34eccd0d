import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { CONTACT_MESSAGE_MAX, contactUsRequestSchema, type ContactUsRequest, type ContactUsValues } from '@careslot/contracts/content';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useSendContactMessage } from '../api/contact-us';
import styles from './contact-form.module.css';

const EMPTY: ContactUsRequest = { first_name: '', last_name: '', email: '', message: '' };

/** The contact form (docs/public-site.md, "Contact us"): validated inline with the API's own schema, server field errors shown in place. */
export function ContactForm() {
  const send = useSendContactMessage();
  const successRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<ContactUsRequest, unknown, ContactUsValues>({
    resolver: zodResolver(contactUsRequestSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const messageLength = useWatch({ control, name: 'message' })?.length ?? 0;

  useEffect(() => {
    if (send.isSuccess) successRef.current?.focus();
  }, [send.isSuccess]);

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onError: (err) => {
        const fields = err instanceof ApiError ? err.fields : undefined;
        for (const [name, message] of Object.entries(fields ?? {})) {
          if (name in EMPTY) setError(name as keyof ContactUsRequest, { message }, { shouldFocus: true });
        }
      },
    }),
  );

  if (send.isSuccess) {
    return (
      <div className={styles.success}>
        <span className={styles.successIcon} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <h2 ref={successRef} tabIndex={-1} className={styles.successTitle}>
          Message sent
        </h2>
        <p role="status">{send.data.message}</p>
        <Button
          variant="secondary"
          onClick={() => {
            reset(EMPTY);
            send.reset();
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  const serverError = send.error && !(send.error instanceof ApiError && send.error.fields) ? send.error : null;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby="contact-required-note">
      <p id="contact-required-note" className={styles.note}>
        All fields are required.
      </p>
      {serverError && (
        <Alert tone="error" title="Your message was not sent">
          <p>{serverError.message}</p>
        </Alert>
      )}
      <div className={styles.row}>
        <TextField label="First name" autoComplete="given-name" required error={errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" autoComplete="family-name" required error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        required
        hint="We send a confirmation here and reply to this address."
        error={errors.email?.message}
        {...register('email')}
      />
      <TextAreaField
        label="Your message"
        required
        rows={7}
        maxLength={CONTACT_MESSAGE_MAX}
        hint="Please do not include medical details."
        error={errors.message?.message}
        {...register('message')}
      />
      <p className={styles.counter} aria-live="polite">
        {messageLength > CONTACT_MESSAGE_MAX - 500 ? `${CONTACT_MESSAGE_MAX - messageLength} characters left` : ''}
      </p>
      <div>
        <Button type="submit" loading={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}
