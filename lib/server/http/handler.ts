import 'server-only';
import type { NextRequest } from 'next/server';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { env } from '../platform/env';
import { LANGUAGE_ALIASES, type TextLanguage } from '@/lib/i18n/text-languages';
import { logger } from '../ops/logger';
import { REQUEST_ID_HEADER } from '../ops/request-log';
import { problemResponse } from '@/lib/http/problem-response';
import { ApiError, toProblem } from './problem';
import { rejectNulInRequest } from './text-input';

export interface RequestContext<P> {
  request: NextRequest;
  params: P;
  /** Language of localized content: the `locale` param, else the `Locale` header, else Russian. */
  language: TextLanguage;
}

type Handler<P> = (context: RequestContext<P>) => Promise<unknown>;

export const localeParam = z
  .string()
  .transform((value) => LANGUAGE_ALIASES[value.toLowerCase()])
  .refine((value) => value !== undefined, 'Use one of ru, en, zh-CN (or cn).');

function languageOf(request: NextRequest): TextLanguage {
  const param = request.nextUrl.searchParams.get('locale');
  if (param !== null && param !== '') {
    const parsed = localeParam.safeParse(param);
    if (!parsed.success)
      throw new ApiError(422, 'Invalid input', 'Some parameters are invalid.', {
        locale: parsed.error.issues.map((i) => i.message),
      });
    return parsed.data as TextLanguage;
  }
  const header = request.headers.get('locale')?.toLowerCase();
  return (header && LANGUAGE_ALIASES[header]) || 'ru';
}

/**
 * A thin route handler: service mode, locale, errors as problem+json. The handler returns the body;
 * a NextResponse is passed through as it is.
 */
export function apiRoute<P = Record<string, never>>(handler: Handler<P>, { availableInServiceMode = false } = {}) {
  return async (request: NextRequest, context: { params: Promise<P> }) => {
    try {
      if (env().SERVICE_MODE && !availableInServiceMode)
        return problemResponse(503, undefined, 'Sopka is under maintenance. Please come back soon.');
      const params = await context.params;
      rejectNulInRequest(request.nextUrl.searchParams, params);
      const body = await handler({ request, params, language: languageOf(request) });
      return body instanceof NextResponse ? body : NextResponse.json(body);
    } catch (error) {
      const response = toProblem(error);
      if (response.status === 500)
        logger().error(
          {
            err: error,
            requestId: request.headers.get(REQUEST_ID_HEADER),
            method: request.method,
            path: request.nextUrl.pathname,
          },
          'unhandled error in an API route',
        );
      return response;
    }
  };
}

/** The query string as a plain object; empty values count as absent. */
export function queryObject(request: NextRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of request.nextUrl.searchParams) if (value !== '') out[key] = value;
  return out;
}
