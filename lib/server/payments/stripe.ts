import 'server-only';
import Stripe from 'stripe';
import type { PaymentStatus, RefundStatus } from '../db/schema';
import {
  GatewayError,
  WebhookRefused,
  type GatewayPaymentState,
  type GatewayRefundState,
  type PaymentDriver,
  type PaymentMethod,
} from './payment-driver';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or an emulator: handed to the SDK as its host, port and protocol. */
  apiUrl: string;
}

const METHOD_TYPES: Partial<Record<PaymentMethod, Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType>> = {
  card: 'card',
  alipay: 'alipay',
  wechat_pay: 'wechat_pay',
};

/** Stripe lets a Checkout Session expire 30 minutes after its creation at the earliest. */
const MIN_SESSION_MINUTES = 31;

/** The SDK's host, port and protocol for an API URL. */
export function stripeAddress(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

function sessionState(session: Stripe.Checkout.Session): GatewayPaymentState {
  let status: PaymentStatus = 'pending';
  if (session.payment_status === 'paid') status = 'succeeded';
  else if (session.status === 'expired') status = 'canceled';
  return {
    gatewayId: session.id,
    status,
    // A session always has a total in payment mode; a missing one can match no payment of ours.
    amount: session.amount_total ?? -1,
    currency: (session.currency ?? '').toUpperCase(),
    raw: session as unknown as Record<string, unknown>,
  };
}

const REFUND_STATUS: Record<string, RefundStatus> = { succeeded: 'succeeded', failed: 'failed', canceled: 'failed' };

function refundState(refund: Stripe.Refund): GatewayRefundState {
  return {
    gatewayRefundId: refund.id,
    status: REFUND_STATUS[refund.status ?? ''] ?? 'pending',
    amount: refund.amount,
    currency: refund.currency.toUpperCase(),
  };
}

/** The SDK's failures as the drivers' one error, with the HTTP status when Stripe answered. */
async function gateway<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw new GatewayError(`Stripe: ${error.message}`, error.statusCode);
    throw error;
  }
}

/**
 * Stripe through its official SDK: a Checkout Session (cards, Alipay, WeChat Pay) is the payment, its id the
 * gateway id; webhooks are verified with stripe.webhooks.constructEvent and STRIPE_WEBHOOK_SECRET.
 */
export function stripeDriver(config: StripeConfig): PaymentDriver {
  const stripe = new Stripe(config.secretKey, {
    ...stripeAddress(config.apiUrl),
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
  });
  const methods = Object.keys(METHOD_TYPES) as PaymentMethod[];

  return {
    name: 'stripe',
    methods,
    async createPayment(create) {
      const types = (create.methods ?? methods).flatMap((method) => METHOD_TYPES[method] ?? []);
      const earliestEnd = Date.now() + MIN_SESSION_MINUTES * 60_000;
      const session = await gateway(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: create.currency.toLowerCase(),
                  unit_amount: create.amount,
                  product_data: { name: create.description.slice(0, 250) },
                },
              },
            ],
            // The current API's filter (payment_method_types is gone from it): only these, where Stripe offers them.
            allowed_payment_method_types: types,
            // WeChat Pay on a website shows a QR code; Stripe requires the client to be named.
            ...(types.includes('wechat_pay') ? { payment_method_options: { wechat_pay: { client: 'web' } } } : {}),
            success_url: create.returnUrl,
            cancel_url: create.returnUrl,
            client_reference_id: create.bookingHid,
            metadata: { booking: create.bookingHid },
            ...(create.expiresAt
              ? { expires_at: Math.ceil(Math.max(create.expiresAt.getTime(), earliestEnd) / 1000) }
              : {}),
          },
          { idempotencyKey: create.idempotencyKey },
        ),
      );
      if (!session.url) throw new GatewayError('Stripe created a Checkout Session without a URL');
      return { gatewayId: session.id, confirmationUrl: session.url, status: sessionState(session).status };
    },
    async getPayment(gatewayId) {
      return sessionState(await gateway(() => stripe.checkout.sessions.retrieve(gatewayId)));
    },
    async refund(refund) {
      const session = await gateway(() => stripe.checkout.sessions.retrieve(refund.gatewayPaymentId));
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new GatewayError(`Stripe's session ${session.id} has no payment to refund`);
      return refundState(
        await gateway(() =>
          stripe.refunds.create(
            { payment_intent: intent, amount: refund.amount },
            { idempotencyKey: refund.idempotencyKey },
          ),
        ),
      );
    },
    async parseWebhook(delivery) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          delivery.body,
          delivery.headers.get('stripe-signature') ?? '',
          config.webhookSecret,
        );
      } catch (error) {
        throw new WebhookRefused(`a Stripe event whose signature does not verify: ${(error as Error).message}`);
      }
      const object = event.data.object as { object?: string };
      if (object.object === 'checkout.session')
        return { kind: 'payment', type: event.type, state: sessionState(object as Stripe.Checkout.Session) };
      if (object.object === 'refund')
        return { kind: 'refund', type: event.type, state: refundState(object as Stripe.Refund) };
      return { kind: 'ignored', type: event.type };
    },
  };
}
