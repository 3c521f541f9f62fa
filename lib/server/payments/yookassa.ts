import 'server-only';
import { z } from 'zod';
import { addressInRanges, parseAddressRanges } from '@/lib/http/address-ranges';
import { decimalToMinor, minorToDecimal } from '@/lib/payments/amounts';
import type { PaymentStatus, RefundStatus } from '../db/schema';
import {
  GatewayError,
  WebhookRefused,
  type GatewayPaymentState,
  type GatewayRefundState,
  type PaymentDriver,
  type PaymentMethod,
} from './payment-driver';

export interface YookassaConfig {
  shopId: string;
  secretKey: string;
  /** https://api.yookassa.ru/v3, or an emulator. */
  apiUrl: string;
  /** YOOKASSA_WEBHOOK_IPS; empty = the sender's address is not checked. */
  webhookIps: string;
}

/** YooKassa's names of the methods it offers (payment_method_data.type). */
const METHOD_TYPES: Partial<Record<PaymentMethod, string>> = {
  card: 'bank_card',
  sbp: 'sbp',
  sberpay: 'sberbank',
  wechat_pay: 'wechat',
};

const REQUEST_TIMEOUT_MS = 15_000;

const amount = z.object({ value: z.string(), currency: z.string() });
const paymentObject = z.looseObject({
  id: z.string(),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  amount,
  confirmation: z.looseObject({ confirmation_url: z.string().optional() }).optional(),
});
const refundObject = z.looseObject({
  id: z.string(),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount,
});
const notification = z.looseObject({
  type: z.literal('notification'),
  event: z.string(),
  object: z.looseObject({ id: z.string() }),
});

const PAYMENT_STATUS: Record<z.infer<typeof paymentObject>['status'], PaymentStatus> = {
  pending: 'pending',
  // Payments are created with capture: true, so this state passes on its own; it is not money yet.
  waiting_for_capture: 'pending',
  succeeded: 'succeeded',
  canceled: 'canceled',
};
const REFUND_STATUS: Record<z.infer<typeof refundObject>['status'], RefundStatus> = {
  pending: 'pending',
  succeeded: 'succeeded',
  canceled: 'failed',
};

function minorOf(value: { value: string; currency: string }): number {
  const minor = decimalToMinor(value.value, value.currency);
  if (minor === null) throw new GatewayError(`YooKassa sent an amount we cannot read: ${value.value}`);
  return minor;
}

/**
 * YooKassa's API v3 (https://yookassa.ru/developers/api): HTTP Basic with the shop id and secret key, an
 * Idempotence-Key on every POST, redirect confirmation. Its notifications are not signed, so a notification is
 * only a hint: the payment is read back from the API, and the sender must be in YOOKASSA_WEBHOOK_IPS when set.
 */
export function yookassaDriver(config: YookassaConfig): PaymentDriver {
  const ranges = parseAddressRanges(config.webhookIps);
  if (!ranges) throw new Error('YOOKASSA_WEBHOOK_IPS lists something that is not an address or range');
  const base = config.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;

  async function request<T extends z.ZodType>(
    schema: T,
    path: string,
    init: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<z.infer<T>> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers: {
          authorization,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.idempotencyKey ? { 'idempotence-key': init.idempotencyKey } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayError(`YooKassa did not answer: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      // YooKassa's errors: { type: 'error', code, description } — never the credentials.
      const described = /"description"\s*:\s*"([^"]*)"/.exec(text)?.[1] ?? '';
      throw new GatewayError(`YooKassa answered ${response.status} to ${path} ${described}`.trim(), response.status);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new GatewayError(`YooKassa answered ${path} with something that is not JSON`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new GatewayError(`YooKassa answered ${path} with an unexpected shape`);
    return parsed.data;
  }

  const paymentState = (payment: z.infer<typeof paymentObject>): GatewayPaymentState => ({
    gatewayId: payment.id,
    status: PAYMENT_STATUS[payment.status],
    amount: minorOf(payment.amount),
    currency: payment.amount.currency,
    raw: payment,
  });
  const refundState = (refund: z.infer<typeof refundObject>): GatewayRefundState => ({
    gatewayRefundId: refund.id,
    status: REFUND_STATUS[refund.status],
    amount: minorOf(refund.amount),
    currency: refund.amount.currency,
  });
  const methods = Object.keys(METHOD_TYPES) as PaymentMethod[];

  return {
    name: 'yookassa',
    methods,
    async createPayment(create) {
      const offered = (create.methods ?? methods).filter((method) => METHOD_TYPES[method]);
      const payment = await request(paymentObject, '/payments', {
        idempotencyKey: create.idempotencyKey,
        body: {
          amount: { value: minorToDecimal(create.amount, create.currency), currency: create.currency },
          capture: true,
          confirmation: { type: 'redirect', return_url: create.returnUrl },
          description: create.description.slice(0, 128),
          metadata: { booking: create.bookingHid },
          // One method is chosen here; with several, YooKassa's page offers the shop's methods.
          ...(offered.length === 1 ? { payment_method_data: { type: METHOD_TYPES[offered[0]] } } : {}),
        },
      });
      const url = payment.confirmation?.confirmation_url;
      if (!url) throw new GatewayError('YooKassa created a payment without a confirmation URL');
      return { gatewayId: payment.id, confirmationUrl: url, status: PAYMENT_STATUS[payment.status] };
    },
    async getPayment(gatewayId) {
      return paymentState(await request(paymentObject, `/payments/${encodeURIComponent(gatewayId)}`));
    },
    async refund(refund) {
      return refundState(
        await request(refundObject, '/refunds', {
          idempotencyKey: refund.idempotencyKey,
          body: {
            payment_id: refund.gatewayPaymentId,
            amount: { value: minorToDecimal(refund.amount, refund.currency), currency: refund.currency },
          },
        }),
      );
    },
    async parseWebhook(delivery) {
      if (ranges.length && !addressInRanges(delivery.sender, ranges))
        throw new WebhookRefused(`a YooKassa notification from ${delivery.sender}, outside YOOKASSA_WEBHOOK_IPS`);
      let body: unknown;
      try {
        body = JSON.parse(delivery.body.toString('utf8'));
      } catch {
        throw new WebhookRefused('a YooKassa notification that is not JSON');
      }
      const parsed = notification.safeParse(body);
      if (!parsed.success) throw new WebhookRefused('a YooKassa notification of an unknown shape');
      const { event, object } = parsed.data;
      const kind = event.split('.')[0];
      if (kind !== 'payment' && kind !== 'refund') return { kind: 'ignored', type: event };
      // The body is not signed: what counts is what the API says about the object it names.
      const path = `/${kind === 'payment' ? 'payments' : 'refunds'}/${encodeURIComponent(object.id)}`;
      try {
        return kind === 'payment'
          ? { kind, type: event, state: paymentState(await request(paymentObject, path)) }
          : { kind, type: event, state: refundState(await request(refundObject, path)) };
      } catch (error) {
        if (error instanceof GatewayError && error.status === 404)
          throw new WebhookRefused(`a YooKassa notification about ${kind} ${object.id}, which YooKassa does not know`);
        throw error;
      }
    },
  };
}
