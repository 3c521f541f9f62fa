import 'server-only';
import type { NextRequest } from 'next/server';
import { verifyAccessToken } from '../auth/tokens';
import { unauthenticated } from '../http/problem';
import type { Viewer } from './viewer';

/** The signed-in user behind a request (a valid `Authorization: Bearer` access token), or null. */
export async function viewerOf(request: NextRequest): Promise<Viewer | null> {
  const header = request.headers.get('authorization');
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return null;
  const claims = await verifyAccessToken(match[1]);
  return claims ? { id: claims.userId, role: claims.role } : null;
}

/** The signed-in user, or 401 before anything else is looked at. */
export async function requireViewer(request: NextRequest): Promise<Viewer> {
  const viewer = await viewerOf(request);
  if (!viewer) throw unauthenticated();
  return viewer;
}
