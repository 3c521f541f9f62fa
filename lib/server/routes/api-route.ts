import 'server-only';
import type { NextRequest } from 'next/server';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { env } from '../platform/env';
import { LANGUAGE_ALIASES, type TextLanguage } from '@/lib/i18n/text-languages';
import { REQUEST_ID_HEADER } from '../ops/request-log';
import { ApiError, logUnhandled, toProblem, underMaintenance } from '../http/problem';
import { rejectNulInRequest } from '../http/text-input';
import { requireViewer, viewerOf } from '../accounts/auth-viewer';
import { requireModerator, type Moderator, type Viewer } from '../accounts/viewer';

export interface RequestContext<P, V = undefined> {
  request: NextRequest;
  params: P;
  /** Language of localized content: the `locale` param, else the `Locale` header, else Russian. */
  language: TextLanguage;
  /** The signed-in user, resolved and checked as the route's `viewer` option declares. */
  viewer: V;
}

type Handler<P, V> = (context: RequestContext<P, V>) => Promise<unknown>;
type RouteHandler<P> = (request: NextRequest, context: { params: Promise<P> }) => Promise<NextResponse>;

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

interface RouteOptions {
  /** Served while SERVICE_MODE is on (health, config): every other route answers 503 then. */
  availableInServiceMode?: boolean;
}

/**
 * Who may call a route. Absent: anyone, and the handler is not told who asks. `optional`: anyone, the handler
 * gets `Viewer | null`. `required`: a signed-in user, else 401. `moderator`: a moderator or admin, else 401 for
 * an anonymous caller and 403 with `forbidden` as its detail for anyone else.
 */
type AccessOptions =
  { viewer: 'optional' } | { viewer: 'required' } | { viewer: 'moderator'; forbidden: string } | { viewer?: undefined };

/** The viewer a route's access option asks for: checked after the locale, before the handler reads anything. */
async function viewerFor(request: NextRequest, access: AccessOptions): Promise<Viewer | null | undefined> {
  switch (access.viewer) {
    case undefined:
      return undefined;
    case 'optional':
      return viewerOf(request);
    case 'required':
      return requireViewer(request);
    case 'moderator':
      return requireModerator(await requireViewer(request), access.forbidden);
  }
}

/**
 * A thin route handler: service mode, locale, the declared access, errors as problem+json. The handler returns
 * the body; a NextResponse is passed through as it is.
 */
export function apiRoute<P = Record<string, never>>(
  handler: Handler<P, Moderator>,
  options: RouteOptions & { viewer: 'moderator'; forbidden: string },
): RouteHandler<P>;
export function apiRoute<P = Record<string, never>>(
  handler: Handler<P, Viewer>,
  options: RouteOptions & { viewer: 'required' },
): RouteHandler<P>;
export function apiRoute<P = Record<string, never>>(
  handler: Handler<P, Viewer | null>,
  options: RouteOptions & { viewer: 'optional' },
): RouteHandler<P>;
export function apiRoute<P = Record<string, never>>(
  handler: Handler<P, undefined>,
  options?: RouteOptions,
): RouteHandler<P>;
// The overloads above tie the handler's viewer to the declared option; this body serves them all.
export function apiRoute<P>(handler: Handler<P, never>, options: RouteOptions & AccessOptions = {}): RouteHandler<P> {
  return async (request, context) => {
    try {
      if (env().SERVICE_MODE && !options.availableInServiceMode) throw underMaintenance();
      const params = await context.params;
      rejectNulInRequest(request.nextUrl.searchParams, params);
      const language = languageOf(request);
      const viewer = (await viewerFor(request, options)) as never;
      const body = await handler({ request, params, language, viewer });
      return body instanceof NextResponse ? body : NextResponse.json(body);
    } catch (error) {
      const response = toProblem(error);
      if (response.status === 500)
        logUnhandled(error, {
          requestId: request.headers.get(REQUEST_ID_HEADER),
          method: request.method,
          path: request.nextUrl.pathname,
        });
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
