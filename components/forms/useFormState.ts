'use client';

import { useState, type FormEvent } from 'react';

type Messages<F extends string> = Partial<Record<F, string>>;

/**
 * What each of the site's forms keeps: its values, a message per field, one message for the whole form, and
 * whether it is sending. Fields are named by `F`, which may include fields that are not text values.
 */
export function useFormState<V extends Record<string, unknown>, F extends string = Extract<keyof V, string>>(
  initial: V,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Messages<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  /** The onChange of a text input bound to `field`. */
  const change = (field: keyof V) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  /** The value, onChange and message of a text field bound to `field`. */
  const bind = (field: keyof V & F) => ({
    value: values[field] as string,
    onChange: change(field),
    error: errors[field],
  });

  /**
   * The form's onSubmit: `check` gives the messages of the browser's own checks, and nothing is sent while there
   * is one; `send` runs with the form pending, and `fail` turns its error into messages.
   */
  const submitWith =
    (check: () => Messages<F>, send: () => Promise<void>, fail: (error: unknown) => void) =>
    async (event: FormEvent) => {
      event.preventDefault();
      const found = check();
      setErrors(found);
      setFormError(null);
      if (Object.keys(found).length) return;
      setPending(true);
      try {
        await send();
      } catch (error) {
        fail(error);
      } finally {
        setPending(false);
      }
    };

  return { values, setValues, errors, setErrors, formError, setFormError, pending, change, bind, submitWith };
}
