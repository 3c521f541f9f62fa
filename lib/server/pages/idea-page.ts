import 'server-only';
import { cache } from 'react';
import { DEFAULT_DETAIL_INCLUDES, type IdeaResource } from '@/lib/contract/ideas';
import { parseIdOrHid } from '@/lib/contract/ids';
import type { AppLocale } from '@/lib/i18n/locales';
import { textLanguageOf } from '@/lib/i18n/text-languages';
import { ApiError } from '../http/problem';
import { getIdeaByRef } from '../ideas/query';
import { pageData } from './prefetch';

/**
 * The idea of an idea page (`/go/{id}`), for its metadata and the page alike: its path parsed and the idea read
 * once per request. Published ideas only, as a signed-out visitor sees them (that is what gets cached); null when
 * the path names none, and the page answers 404.
 */
export const loadIdeaPage = cache(async (locale: AppLocale, param: string): Promise<IdeaResource | null> => {
  const ref = parseIdOrHid(param);
  if (!ref) return null;
  const answer = await pageData(
    getIdeaByRef(ref, DEFAULT_DETAIL_INCLUDES, textLanguageOf(locale), null).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }),
  );
  return answer?.data ?? null;
});
