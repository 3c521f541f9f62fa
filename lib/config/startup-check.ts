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
  const payments = paymentSecretsProblem(environment);
  return payments ? `Refusing to start: ${payments}.` : null;
}

/** Who takes money online: `none` charges nothing (the traveller pays the guide on the day). */
export const PAYMENT_DRIVERS = ['none', 'yookassa', 'stripe'] as const;
export type PaymentDriverName = (typeof PAYMENT_DRIVERS)[number];

/** The secrets each gateway cannot work without. */
export const PAYMENT_SECRETS: Record<PaymentDriverName, readonly string[]> = {
  none: [],
  yookassa: ['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'],
  stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
};

/** The chosen payment driver's missing secrets, as one phrase, or null when it has them all. */
export function paymentSecretsProblem(environment: Record<string, unknown>): string | null {
  const driver = environment.PAYMENT_DRIVER;
  if (typeof driver !== 'string' || !(driver in PAYMENT_SECRETS)) return null;
  const missing = PAYMENT_SECRETS[driver as PaymentDriverName].filter((name) => !environment[name]);
  return missing.length ? `PAYMENT_DRIVER=${driver} needs ${missing.join(' and ')} (not set)` : null;
}
