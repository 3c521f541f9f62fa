import { COMMON_PASSWORD_ERROR, RESET_TOKEN_ERRORS } from '@/lib/contract/password-rules';

/** What a failed API call tells a form: status, field errors, and how long to wait after a 429. */
export interface ApiProblem {
  /** 0 when no answer arrived (offline, timeout). */
  status: number;
  detail?: string;
  errors: Record<string, string[]>;
  retryAfterSeconds?: number;
}

interface ErrorWithResponse {
  response?: {
    status?: number;
    data?: unknown;
    headers?: Record<string, unknown> | { get?: (name: string) => unknown };
  };
}

/** Reads an axios error (or anything shaped like one) without depending on axios. */
export function apiProblem(error: unknown): ApiProblem {
  const response = (error as ErrorWithResponse | null)?.response;
  if (!response?.status) return { status: 0, errors: {} };
  const body = (response.data ?? {}) as { detail?: unknown; errors?: unknown };
  const errors: Record<string, string[]> = {};
  if (body.errors && typeof body.errors === 'object') {
    for (const [field, messages] of Object.entries(body.errors as Record<string, unknown>)) {
      if (Array.isArray(messages)) errors[field] = messages.map(String);
    }
  }
  const headers = response.headers as Record<string, unknown> | undefined;
  const retryAfter = Number(headers?.['retry-after']);
  return {
    status: response.status,
    detail: typeof body.detail === 'string' ? body.detail : undefined,
    errors,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  };
}

/** The API refused a new password as one of the most common ones. */
export function isCommonPasswordProblem(problem: ApiProblem): boolean {
  return problem.status === 422 && (problem.errors.password ?? []).includes(COMMON_PASSWORD_ERROR);
}

/** Why the API refused a password-reset link, if it did: a message key of `recovery`. */
export function resetTokenProblem(problem: ApiProblem): 'tokenInvalid' | 'tokenExpired' | 'tokenUsed' | undefined {
  const [message] = problem.status === 422 ? (problem.errors.token ?? []) : [];
  if (message === undefined) return undefined;
  if (message === RESET_TOKEN_ERRORS.expired) return 'tokenExpired';
  if (message === RESET_TOKEN_ERRORS.used) return 'tokenUsed';
  return 'tokenInvalid';
}

/** The message key (of `forms.errors`) for a problem no field explains. */
export function problemMessageKey(problem: ApiProblem): 'network' | 'tooMany' | 'forbidden' | 'serviceMode' | 'failed' {
  if (problem.status === 0) return 'network';
  if (problem.status === 429) return 'tooMany';
  if (problem.status === 403) return 'forbidden';
  if (problem.status === 503) return 'serviceMode';
  return 'failed';
}
