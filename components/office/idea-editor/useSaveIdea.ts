'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { queryKeys } from '@/lib/contract/query-keys';
import type { IdeaResource } from '@/lib/contract/ideas';
import type { IdeaTexts } from '@/lib/contract/own-ideas';
import { ownIdeaQuery } from '@/lib/api/signed-in-queries';
import { apiProblem } from '@/lib/forms/api-problem';
import type { AppLocale } from '@/lib/i18n/locales';
import { notify } from '@/lib/browser/notify';
import { formProblems, patchBodyOf, type EditorForm } from '@/lib/office/editor';

/** The idea with its texts in every language, as the editor loads it. */
export interface LoadedIdea {
  idea: IdeaResource;
  texts: IdeaTexts;
}

/** Field errors of the last save: API field names (`price`, `dates.0.seats_total`) and client checks. */
export type FieldErrors = Record<string, string>;

/** After a save or a submit: the idea as the API now has it goes to the editor, and the office list refreshes. */
function useReload(hid: string, onReloaded: (fresh: LoadedIdea) => void) {
  const locale = useLocale() as AppLocale;
  const queryClient = useQueryClient();
  return async () => {
    const fresh = await queryClient.fetchQuery({ ...ownIdeaQuery(locale, hid), staleTime: 0 });
    onReloaded(fresh);
    void queryClient.invalidateQueries({ queryKey: queryKeys.ownIdeas(locale, '').slice(0, 3) });
  };
}

/**
 * Saving the form: client checks first, then PATCH; a refusal becomes field errors shown next to their fields,
 * a success reloads the idea (and stays pending until it has).
 */
export function useSaveIdea(hid: string, onSaved: (fresh: LoadedIdea) => void) {
  const t = useTranslations('office');
  const locale = useLocale() as AppLocale;
  const reload = useReload(hid, onSaved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: async (form: EditorForm) => {
      const { patchIdea } = await import('@/lib/api/office');
      await patchIdea(locale, hid, patchBodyOf(form));
      setErrors({});
      await reload();
    },
  });

  /** Whether the form was saved; when not, the errors are shown and a toast says so. */
  async function save(form: EditorForm): Promise<boolean> {
    const problems = formProblems(form);
    if (Object.keys(problems).length) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(`editor.errors.${key}`)])));
      notify('error', t('editor.saveFailed'));
      return false;
    }
    try {
      await mutation.mutateAsync(form);
      return true;
    } catch (error) {
      const problem = apiProblem(error);
      setErrors(
        Object.fromEntries(Object.entries(problem.errors).map(([field, messages]) => [field, messages.join(' ')])),
      );
      notify('error', problem.status === 409 ? t('editor.conflict') : t('editor.saveFailed'));
      return false;
    }
  }

  return { save, saving: mutation.isPending, errors };
}

/** Sending the idea to moderation; a success reloads the idea (its status changes). */
export function useSubmitIdea(hid: string, onSubmitted: (fresh: LoadedIdea) => void) {
  const locale = useLocale() as AppLocale;
  const reload = useReload(hid, onSubmitted);
  const mutation = useMutation({
    mutationFn: async () => {
      const { submitIdea } = await import('@/lib/api/office');
      await submitIdea(locale, hid);
      await reload();
    },
  });
  return { submit: mutation.mutateAsync, submitting: mutation.isPending };
}
