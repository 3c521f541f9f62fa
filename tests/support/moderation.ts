import { POST as approve } from '@/app/api/v1/ideas/[id]/approve/route';
import { POST as refuse } from '@/app/api/v1/ideas/[id]/refuse/route';
import { POST as submit } from '@/app/api/v1/ideas/[id]/submit/route';
import { call, type ApiResult } from './api';

const STEPS = { submit, approve, refuse };

/**
 * A step of an idea's moderation as the account of `headers`: POST /ideas/{id}/submit (its author), /approve or
 * /refuse (a moderator; a refusal's body gives the reason).
 */
export function moderationStep(
  step: keyof typeof STEPS,
  id: string,
  headers: Record<string, string>,
  json?: unknown,
): Promise<ApiResult> {
  return call(STEPS[step], `/api/v1/ideas/${id}/${step}`, { method: 'POST', params: { id }, headers, json });
}
