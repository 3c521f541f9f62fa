import 'server-only';
import { env } from '../platform/env';
import { noPayments } from './none';
import type { PaymentDriver } from './payment-driver';
import { stripeDriver } from './stripe';
import { yookassaDriver } from './yookassa';

type GatewayName = 'yookassa' | 'stripe';
const drivers = new Map<GatewayName, PaymentDriver>();

/**
 * A gateway's driver when its secrets are configured, else null: a gateway's webhooks are still handled after
 * PAYMENT_DRIVER moved to the other one, for the payments already made through it.
 */
export function gatewayDriver(name: GatewayName): PaymentDriver | null {
  const e = env();
  const cached = drivers.get(name);
  if (cached) return cached;
  let driver: PaymentDriver | null = null;
  if (name === 'yookassa' && e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY)
    driver = yookassaDriver({
      shopId: e.YOOKASSA_SHOP_ID,
      secretKey: e.YOOKASSA_SECRET_KEY,
      apiUrl: e.YOOKASSA_API_URL,
      webhookIps: e.YOOKASSA_WEBHOOK_IPS,
    });
  if (name === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)
    driver = stripeDriver({
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
    });
  if (driver) drivers.set(name, driver);
  return driver;
}

/** The driver new payments go through (PAYMENT_DRIVER); env() has checked that its secrets are set. */
export function paymentDriver(): PaymentDriver {
  const name = env().PAYMENT_DRIVER;
  return name === 'none' ? noPayments : gatewayDriver(name)!;
}
