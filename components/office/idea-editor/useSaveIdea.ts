'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSignedInUser } from '@/components/account/RequireSession';
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
function useReload(onReloaded: (fresh: LoadedIdea) => void) {
  const locale = useLocale() as AppLocale;
  const queryClient = useQueryClient();
  return async (hid: string) => {
    const fresh = await queryClient.fetchQuery({ ...ownIdeaQuery(locale, hid), staleTime: 0 });
    onReloaded(fresh);
    void queryClient.invalidateQueries({ queryKey: queryKeys.ownIdeas(locale, '').slice(0, 3) });
  };
}

/**
 * Saving the form: client checks first, then PATCH, or for an idea not created yet (`hid` null) POST, which
 * creates the draft with the form's fields; a refusal becomes field errors shown next to their fields, a success
 * reloads the idea (and stays pending until it has).
 */
export function useSaveIdea(hid: string | null, onSaved: (fresh: LoadedIdea) => void) {
  const t = useTranslations('office');
  const locale = useLocale() as AppLocale;
  const user = useSignedInUser();
  const reload = useReload(onSaved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: async (form: EditorForm) => {
      const { createIdea, patchIdea } = await import('@/lib/api/office');
      const body = patchBodyOf(form);
      const saved = hid ? await patchIdea(locale, hid, body) : await createIdea(locale, user.hid, body);
      setErrors({});
      await reload(saved.data.hid);
      return saved.data.hid;
    },
  });

  /** The saved idea's hid, or null when the form was not saved: then the errors are shown and a toast says so. */
  async function save(form: EditorForm): Promise<string | null> {
    const problems = formProblems(form);
    if (Object.keys(problems).length) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(`editor.errors.${key}`)])));
      notify('error', t('editor.saveFailed'));
      return null;
    }
    try {
      return await mutation.mutateAsync(form);
    } catch (error) {
      const problem = apiProblem(error);
      setErrors(
        Object.fromEntries(Object.entries(problem.errors).map(([field, messages]) => [field, messages.join(' ')])),
      );
      notify('error', problem.status === 409 ? t('editor.conflict') : t('editor.saveFailed'));
      return null;
    }
  }

  return { save, saving: mutation.isPending, errors };
}

/** Sending the idea to moderation; a success reloads the idea (its status changes). */
export function useSubmitIdea(onSubmitted: (fresh: LoadedIdea) => void) {
  const locale = useLocale() as AppLocale;
  const reload = useReload(onSubmitted);
  const mutation = useMutation({
    mutationFn: async (hid: string) => {
      const { submitIdea } = await import('@/lib/api/office');
      await submitIdea(locale, hid);
      await reload(hid);
    },
  });
  return { submit: mutation.mutateAsync, submitting: mutation.isPending };
}
