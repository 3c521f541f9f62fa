import { PATCH as patchUser } from '@/app/api/v1/users/[id]/route';
import { call, type ApiResult } from './api';

/** PATCH /users/{id} (its id or hid) with `json`, as the account of `headers`. */
export function patchUserAs(headers: Record<string, string>, id: string | number, json: unknown): Promise<ApiResult> {
  return call(patchUser, `/api/v1/users/${id}`, { method: 'PATCH', params: { id: String(id) }, headers, json });
}
