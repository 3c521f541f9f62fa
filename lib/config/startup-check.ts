/**
 * What stops a server process from starting, as one line, or null. Checked by next.config.ts when `next start`
 * or `next dev` loads it, so the process refuses to serve instead of failing on the first sign-in. Pure (no
 * server-only imports): the config cannot load lib/server/platform/env.ts.
 */
export const JWT_SECRET_MIN_LENGTH = 32;

export function startupProblem(environment: Record<string, string | undefined>): string | null {
  if (environment.APP_ENV !== 'production') return null;
  const secret = environment.JWT_SECRET ?? '';
  if (secret.length < JWT_SECRET_MIN_LENGTH) {
    return `Refusing to start: APP_ENV=production needs JWT_SECRET of at least ${JWT_SECRET_MIN_LENGTH} characters (${secret ? `it has ${secret.length}` : 'it is not set'}).`;
  }
  return null;
}
