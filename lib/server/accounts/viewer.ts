import 'server-only';
import type { UserRole } from '../db/schema';
import { forbidden } from '../http/problem';

/** Who is asking: the signed-in user behind a request, or null for an anonymous visitor. */
export interface Viewer {
  id: number;
  role: UserRole;
}

/** A viewer who may moderate (admins may too); services that only moderators call take this type. */
export type Moderator = Viewer & { role: 'moderator' | 'admin' };

export const isModerator = (viewer: Viewer | null): viewer is Moderator =>
  viewer?.role === 'moderator' || viewer?.role === 'admin';

/** The viewer as a moderator, or 403 with `detail`. */
export function requireModerator(viewer: Viewer, detail: string): Moderator {
  if (!isModerator(viewer)) throw forbidden(detail);
  return viewer;
}
