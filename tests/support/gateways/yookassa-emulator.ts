import {
  deliver,
  paymentPage,
  randomId,
  startEmulatorServer,
  type EmulatorAnswer,
  type EmulatorRequest,
  type WebhookTarget,
} from './emulator-server';

/**
 * A local YooKassa (API v3, https://yookassa.ru/developers/api) for the tests: POST /v3/payments, GET
 * /v3/payments/{id}, POST /v3/refunds, GET /v3/refunds/{id}, with HTTP Basic auth, the Idempotence-Key header
 * (the same key answers the same object) and the documented object shapes; a hosted payment page at
 * /pay/{id} whose Pay and Cancel buttons settle the payment, notify (unsigned JSON, as YooKassa does) and
 * redirect to the return URL.
 */

type Amount = { value: string; currency: string };
export interface YookassaPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Amount;
  description?: string;
  metadata?: Record<string, string>;
  payment_method?: { type: string; id: string; saved: boolean };
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  created_at: string;
  captured_at?: string;
  cancellation_details?: { party: string; reason: string };
  refundable: boolean;
  refunded_amount?: Amount;
  test: boolean;
}
export interface YookassaRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: Amount;
  created_at: string;
}

const error = (status: number, code: string, description: string, parameter?: string): EmulatorAnswer => ({
  status,
  body: { type: 'error', id: randomId(8), code, description, ...(parameter ? { parameter } : {}) },
});
const uuidLike = () => {
  const hex = randomId(16);
  return `${hex.slice(0, 8)}-000f-5000-a000-${hex.slice(8, 20)}`;
};
const cents = (amount: Amount) => Math.round(Number(amount.value) * 100);

export interface YookassaEmulatorOptions {
  shopId?: string;
  secretKey?: string;
  /** Where notifications go; or later through setWebhook. */
  webhook?: WebhookTarget;
  /** A fixed port (a browser journey's server is told it before it starts); an ephemeral one by default. */
  port?: number;
}

export async function startYookassaEmulator(options: YookassaEmulatorOptions = {}) {
  const shopId = options.shopId ?? '100500';
  const secretKey = options.secretKey ?? 'test_emulator_secret';
  const payments = new Map<string, YookassaPayment>();
  const refunds = new Map<string, YookassaRefund>();
  const byKey = new Map<string, EmulatorAnswer>();
  const state = { webhook: options.webhook };

  async function notify(event: string, object: object): Promise<number> {
    if (!state.webhook) return 0;
    return deliver(state.webhook, JSON.stringify({ type: 'notification', event, object }), {});
  }

  function createPayment(body: any, origin: string): EmulatorAnswer {
    if (!body?.amount?.value || !body.amount.currency)
      return error(400, 'invalid_request', 'Amount is missing', 'amount');
    if (body.confirmation?.type !== 'redirect' || !body.confirmation.return_url)
      return error(400, 'invalid_request', 'Redirect confirmation needs return_url', 'confirmation');
    const id = uuidLike();
    const payment: YookassaPayment = {
      id,
      status: 'pending',
      paid: false,
      amount: { value: body.amount.value, currency: body.amount.currency },
      description: body.description,
      metadata: body.metadata,
      confirmation: {
        type: 'redirect',
        confirmation_url: `${origin}/pay/${id}`,
        return_url: body.confirmation.return_url,
      },
      created_at: new Date().toISOString(),
      refundable: false,
      test: true,
      ...(body.payment_method_data?.type
        ? { payment_method: { type: body.payment_method_data.type, id, saved: false } }
        : {}),
    };
    payments.set(id, payment);
    return { status: 200, body: payment };
  }

  function createRefund(body: any): EmulatorAnswer {
    const payment = payments.get(body?.payment_id);
    if (!payment) return error(404, 'not_found', 'Payment not found', 'payment_id');
    if (payment.status !== 'succeeded') return error(400, 'invalid_request', 'Payment is not succeeded', 'payment_id');
    if (body.amount?.currency !== payment.amount.currency)
      return error(400, 'invalid_request', 'Currency differs from the payment', 'amount.currency');
    const left = cents(payment.amount) - cents(payment.refunded_amount ?? { value: '0', currency: '' });
    if (!(cents(body.amount) > 0) || cents(body.amount) > left)
      return error(400, 'invalid_request', 'Refund amount exceeds the payment', 'amount.value');
    const refund: YookassaRefund = {
      id: uuidLike(),
      payment_id: payment.id,
      status: 'succeeded',
      amount: body.amount,
      created_at: new Date().toISOString(),
    };
    refunds.set(refund.id, refund);
    payment.refunded_amount = {
      value: ((cents(payment.amount) - left + cents(body.amount)) / 100).toFixed(2),
      currency: payment.amount.currency,
    };
    return { status: 200, body: refund };
  }

  async function settle(id: string, paid: boolean): Promise<number> {
    const payment = payments.get(id);
    if (!payment || payment.status !== 'pending') return 0;
    Object.assign(
      payment,
      paid
        ? { status: 'succeeded', paid: true, captured_at: new Date().toISOString(), refundable: true }
        : { status: 'canceled', cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' } },
    );
    payment.payment_method ??= { type: 'bank_card', id, saved: false };
    return notify(paid ? 'payment.succeeded' : 'payment.canceled', payment);
  }

  async function handle(request: EmulatorRequest, origin: string): Promise<EmulatorAnswer> {
    const path = request.path.split('?')[0];
    const page = /^\/pay\/([\w-]+)(?:\/(succeed|cancel))?$/.exec(path);
    if (page) {
      const payment = payments.get(page[1]);
      if (!payment) return { status: 404, html: '<p>No such payment</p>' };
      if (request.method === 'GET')
        return {
          status: 200,
          html: paymentPage(
            `YooKassa: ${payment.description ?? ''}`,
            `${payment.amount.value} ${payment.amount.currency}`,
            `/pay/${payment.id}/succeed`,
            `/pay/${payment.id}/cancel`,
          ),
        };
      await settle(payment.id, page[2] === 'succeed');
      return { status: 303, location: payment.confirmation.return_url };
    }
    if (request.headers.authorization !== `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`)
      return error(401, 'invalid_credentials', 'Authentication by given credentials failed');
    if (request.method === 'POST') {
      const key = request.headers['idempotence-key'];
      if (typeof key !== 'string' || !key) return error(400, 'invalid_request', 'Idempotence key is missing');
      const remembered = byKey.get(`${path} ${key}`);
      if (remembered) return remembered;
      let body: unknown;
      try {
        body = JSON.parse(request.body);
      } catch {
        return error(400, 'invalid_request', 'Body is not JSON');
      }
      const answer =
        path === '/v3/payments'
          ? createPayment(body, origin)
          : path === '/v3/refunds'
            ? createRefund(body)
            : error(404, 'not_found', 'No such endpoint');
      if (answer.status < 500) byKey.set(`${path} ${key}`, answer);
      return answer;
    }
    const read = /^\/v3\/(payments|refunds)\/([\w-]+)$/.exec(path);
    const object = read && (read[1] === 'payments' ? payments : refunds).get(read[2]);
    return object ? { status: 200, body: object } : error(404, 'not_found', 'Object not found');
  }

  const server = await startEmulatorServer(handle, options.port);
  return {
    ...server,
    apiUrl: `${server.origin}/v3`,
    shopId,
    secretKey,
    payments,
    refunds,
    /** Where webhooks go from now on; undefined = nowhere. */
    setWebhook(target: WebhookTarget | undefined) {
      state.webhook = target;
    },
    /** The traveller pressed Pay: the payment succeeds and YooKassa notifies (the receiver's status). */
    pay: (id: string) => settle(id, true),
    cancel: (id: string) => settle(id, false),
    /** Sends a notification about a payment again, or a made-up one (any event, any object). */
    notify,
  };
}

export type YookassaEmulator = Awaited<ReturnType<typeof startYookassaEmulator>>;
