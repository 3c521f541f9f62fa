'use client';

import { useTranslations } from 'next-intl';
import { problemMessageKey, type ApiProblem } from '@/lib/forms/api-problem';
import type { FieldErrorKey, FieldErrors } from '@/lib/forms/rules';

/** Field error keys and API problems → sentences in the page's language. */
export function useFormMessages() {
  const t = useTranslations('forms.errors');
  const field = (key: FieldErrorKey | undefined) => (key ? t(key) : undefined);
  return {
    field,
    fields: <F extends string>(errors: FieldErrors<F>) =>
      Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, field(key as FieldErrorKey)])) as Partial<
        Record<F, string>
      >,
    problem: (problem: ApiProblem) => t(problemMessageKey(problem), { seconds: problem.retryAfterSeconds ?? 60 }),
  };
}
