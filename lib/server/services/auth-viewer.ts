import 'server-only';
import type { NextRequest } from 'next/server';
import type { Viewer } from './viewer';

/**
 * The signed-in user behind a request. Bearer tokens are issued and verified by the accounts API,
 * which does not exist yet: until it does, every request is anonymous.
 */
export async function viewerOf(_request: NextRequest): Promise<Viewer | null> {
  return null;
}
