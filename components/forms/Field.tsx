'use client';

import { useTranslations } from 'next-intl';
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { buttonClass } from '@/components/ui/button';
import styles from './Field.module.css';

export { styles as fieldStyles };

interface FieldFrameProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** What a field's control gets from its frame: its id, its style, and its error and hint wired for screen readers. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * Label above, hint and error under the control, wired with ids for screen readers (DESIGN.md forms): the frame
 * of every labelled field; `children` renders the control with the props it is given.
 */
export function FieldFrame({
  label,
  error,
  hint,
  children,
}: FieldFrameProps & { children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        className: styles.input,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

/** The hint and the error under a control, with the ids its aria-describedby names. */
export function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      ) : null}
    </>
  );
}

export function TextField({ label, error, hint, ...input }: FieldFrameProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => <input {...control} {...input} />}
    </FieldFrame>
  );
}

/** A phone number field: the keyboard, autofill and example every phone form shares. */
export function PhoneField(props: FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <TextField
      name="phone"
      autoComplete="tel"
      inputMode="tel"
      placeholder="+7 914 123-45-67"
      required
      {...props}
      type="tel"
    />
  );
}

/** An email address field: the keyboard and autofill every email form shares. */
export function EmailField(props: FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <TextField name="email" autoComplete="email" inputMode="email" {...props} type="email" />;
}

/** A person's name: the autofill every profile form shares. */
export function NameField(props: FieldFrameProps & InputHTMLAttributes<HTMLInputElement>) {
  return <TextField name="name" autoComplete="name" required {...props} />;
}

/** A password field: the current password unless `autoComplete` says new-password. */
export function PasswordField(props: FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <TextField autoComplete="current-password" required {...props} type="password" />;
}

type NewPasswordField = 'password' | 'passwordConfirm';

/** A new password and its confirmation (registration, changing the password), with the rules as a hint. */
export function NewPasswordFields({
  labels,
  bind,
}: {
  labels: Record<NewPasswordField, string>;
  /** The form's `bind` (useFormState): the value, onChange and message of each field. */
  bind: (field: NewPasswordField) => {
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    error?: string;
  };
}) {
  const t = useTranslations('authForms');
  return (
    <>
      <PasswordField
        label={labels.password}
        name="password"
        autoComplete="new-password"
        {...bind('password')}
        hint={t('passwordHint')}
      />
      <PasswordField
        label={labels.passwordConfirm}
        name="passwordConfirm"
        autoComplete="new-password"
        {...bind('passwordConfirm')}
      />
    </>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  ...textarea
}: FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => <textarea {...control} {...textarea} />}
    </FieldFrame>
  );
}

export function CheckboxField({
  label,
  error,
  ...input
}: FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.checkbox} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <span>{label}</span>
      </label>
      <FieldNotes id={id} error={error} />
    </div>
  );
}

/** The form-wide message (wrong password, offline …); announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  return (
    <p className={styles.formError} role="alert">
      {message ?? ''}
    </p>
  );
}

/** A form's main button: disabled and saying what happens while the form is being sent. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`} disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
