import 'server-only';
import type { UserRole } from '../db/schema';

/** Who is asking: the signed-in user behind a request, or null for an anonymous visitor. */
export interface Viewer {
  id: number;
  role: UserRole;
}

export const isModerator = (viewer: Viewer | null) => viewer?.role === 'moderator' || viewer?.role === 'admin';
