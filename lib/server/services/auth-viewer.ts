import 'server-only';
import type { NextRequest } from 'next/server';
import { verifyAccessToken } from '../auth/tokens';
import type { Viewer } from './viewer';

/** The signed-in user behind a request (a valid `Authorization: Bearer` access token), or null. */
export async function viewerOf(request: NextRequest): Promise<Viewer | null> {
  const header = request.headers.get('authorization');
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return null;
  const claims = await verifyAccessToken(match[1]);
  return claims ? { id: claims.userId, role: claims.role } : null;
}
