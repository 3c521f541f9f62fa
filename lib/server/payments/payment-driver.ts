import 'server-only';
import type { PaymentStatus, RefundStatus } from '../db/schema';

/** The ways to pay Sopka offers; each driver maps them to its gateway's own names and offers those it has. */
export const PAYMENT_METHODS = ['card', 'sbp', 'sberpay', 'wechat_pay', 'alipay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface CreatePaymentRequest {
  bookingHid: string;
  /** Minor units (kopecks, cents), computed on the server. */
  amount: number;
  currency: string;
  description: string;
  /** Where the gateway sends the traveller back. */
  returnUrl: string;
  /** The same key makes the gateway answer with the same payment instead of a second one. */
  idempotencyKey: string;
  /** Offered on the gateway's page; unset = every method the driver has. */
  methods?: readonly PaymentMethod[];
  /** When the gateway should stop taking the payment, if it can be told (Stripe). */
  expiresAt?: Date;
}

export interface CreatedPayment {
  gatewayId: string;
  confirmationUrl: string;
  status: PaymentStatus;
}

/** A payment as the gateway itself says it is: read back from its API, or from a signed event. */
export interface GatewayPaymentState {
  gatewayId: string;
  status: PaymentStatus;
  /** Minor units. */
  amount: number;
  currency: string;
  raw: Record<string, unknown>;
}

export interface RefundRequest {
  gatewayPaymentId: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
}

export interface GatewayRefundState {
  gatewayRefundId: string;
  status: RefundStatus;
  amount: number;
  currency: string;
}

/** A webhook delivery as it arrived: the raw body (signatures cover its bytes), the headers and the sender. */
export interface WebhookDelivery {
  body: Buffer;
  headers: Headers;
  /** The client address, as the app determines it (TRUST_PROXY_HOPS). */
  sender: string;
}

/** What a verified webhook says. */
export type WebhookEvent =
  | { kind: 'payment'; type: string; state: GatewayPaymentState }
  | { kind: 'refund'; type: string; state: GatewayRefundState }
  | { kind: 'ignored'; type: string };

/** A webhook that could not be verified (bad signature, unknown object, sender outside the gateway's ranges). */
export class WebhookRefused extends Error {}

/** A gateway that answered with an error or not at all. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface PaymentDriver {
  readonly name: 'none' | 'yookassa' | 'stripe';
  readonly methods: readonly PaymentMethod[];
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  getPayment(gatewayId: string): Promise<GatewayPaymentState>;
  refund(request: RefundRequest): Promise<GatewayRefundState>;
  /** The event, verified (signature or read-back), or WebhookRefused. */
  parseWebhook(delivery: WebhookDelivery): Promise<WebhookEvent>;
}
