import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir, env } from '../platform/env';

let secret: Uint8Array | undefined;

/**
 * The key that signs access tokens: JWT_SECRET, or in development a random one generated once and
 * kept under DATA_DIR. A deployment (APP_ENV=production) refuses to run without JWT_SECRET.
 */
export function jwtSecret(): Uint8Array {
  if (secret) return secret;
  const { JWT_SECRET, APP_ENV } = env();
  if (JWT_SECRET) return (secret = new TextEncoder().encode(JWT_SECRET));
  if (APP_ENV === 'production')
    throw new Error('JWT_SECRET must be set when APP_ENV=production (at least 32 characters).');
  const file = path.join(dataDir(), 'jwt-secret');
  let value: string;
  try {
    value = readFileSync(file, 'utf8').trim();
  } catch {
    value = randomBytes(48).toString('base64url');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, value, { mode: 0o600 });
  }
  return (secret = new TextEncoder().encode(value));
}
