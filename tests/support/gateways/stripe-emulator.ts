import { createHmac } from 'node:crypto';
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
 * A local Stripe for the tests, reached by the official SDK through its host/port/protocol options: POST
 * /v1/checkout/sessions, GET /v1/checkout/sessions/{id}, POST /v1/refunds, GET /v1/refunds/{id}, form-encoded as
 * the SDK sends them, with Bearer auth and Idempotency-Key (the same key answers the same object; other
 * parameters under it are an idempotency_error, as on Stripe). A hosted page at /pay/{id} pays or cancels the
 * session, sends `checkout.session.completed` (or `.expired`) signed with the documented Stripe-Signature
 * scheme (t=…,v1=HMAC-SHA256 of "t.payload"), then redirects to the success or cancel URL.
 */

export interface StripeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  url: string | null;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  payment_method_options: Record<string, unknown>;
  created: number;
  expires_at: number;
  livemode: false;
}
export interface StripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded' | 'pending' | 'failed';
  created: number;
  metadata: Record<string, string>;
}

/** `a[b][0]=x` form fields as nested objects and arrays, as Stripe reads them. */
export function parseStripeForm(body: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.replace(/\]/g, '').split('[');
    let node: any = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const slot = key === '' ? String(Object.keys(node).length) : key;
      if (last) node[slot] = value;
      else node = node[slot] ??= {};
    });
  }
  const arrays = (value: any): any => {
    if (typeof value !== 'object' || value === null) return value;
    const keys = Object.keys(value);
    const converted = Object.fromEntries(keys.map((key) => [key, arrays(value[key])]));
    return keys.length && keys.every((key, index) => key === String(index))
      ? keys.map((key) => converted[key])
      : converted;
  };
  return arrays(root);
}

/** The Stripe-Signature header of `payload`, as Stripe signs its events. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const error = (status: number, type: string, message: string, param?: string): EmulatorAnswer => ({
  status,
  body: { error: { type, message, ...(param ? { param } : {}) } },
});
const now = () => Math.floor(Date.now() / 1000);

export interface StripeEmulatorOptions {
  secretKey?: string;
  webhookSecret?: string;
  webhook?: WebhookTarget;
  /** A fixed port (a browser journey's server is told it before it starts); an ephemeral one by default. */
  port?: number;
}

export interface EventOptions {
  type?: string;
  /** Changes to the session as the event carries it (a changed amount). */
  session?: Partial<StripeSession>;
  /** Signs with this secret instead (a forged event). */
  secret?: string;
  /** The timestamp of the signature (an old, replayed event). */
  timestamp?: number;
}

export async function startStripeEmulator(options: StripeEmulatorOptions = {}) {
  const secretKey = options.secretKey ?? 'sk_test_emulator';
  const webhookSecret = options.webhookSecret ?? 'whsec_emulator';
  const sessions = new Map<string, StripeSession>();
  const refunds = new Map<string, StripeRefund>();
  const byKey = new Map<string, { params: string; answer: EmulatorAnswer }>();
  const state = { webhook: options.webhook };

  /** Sends an event about a session (signed unless told otherwise); the receiver's HTTP status. */
  async function sendEvent(sessionId: string, event: EventOptions = {}): Promise<number> {
    const session = sessions.get(sessionId);
    if (!session || !state.webhook) return 0;
    const payload = JSON.stringify({
      id: `evt_${randomId()}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type: event.type ?? 'checkout.session.completed',
      data: { object: { ...session, ...event.session } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const signature = stripeSignature(payload, event.secret ?? webhookSecret, event.timestamp);
    return deliver(state.webhook, payload, { 'stripe-signature': signature });
  }

  async function settle(id: string, paid: boolean): Promise<number> {
    const session = sessions.get(id);
    if (!session || session.status !== 'open') return 0;
    if (paid)
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: `pi_${randomId()}` });
    else session.status = 'expired';
    session.url = null;
    return sendEvent(id, { type: paid ? 'checkout.session.completed' : 'checkout.session.expired' });
  }

  function createSession(params: Record<string, any>, origin: string): EmulatorAnswer {
    const item = params.line_items?.[0];
    const amount = Number(item?.price_data?.unit_amount) * Number(item?.quantity ?? 1);
    if (params.mode !== 'payment') return error(400, 'invalid_request_error', 'Only mode=payment here', 'mode');
    if (!Number.isInteger(amount) || amount <= 0 || !item.price_data.currency)
      return error(400, 'invalid_request_error', 'line_items need price_data', 'line_items');
    if (!params.success_url) return error(400, 'invalid_request_error', 'Missing success_url', 'success_url');
    const types: string[] = params.allowed_payment_method_types ?? params.payment_method_types ?? ['card'];
    if (types.includes('wechat_pay') && params.payment_method_options?.wechat_pay?.client !== 'web')
      return error(400, 'invalid_request_error', 'wechat_pay needs payment_method_options[wechat_pay][client]');
    const id = `cs_test_${randomId()}`;
    const session: StripeSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      amount_subtotal: amount,
      currency: item.price_data.currency,
      url: `${origin}/pay/${id}`,
      success_url: String(params.success_url).replace('{CHECKOUT_SESSION_ID}', id),
      cancel_url: params.cancel_url ?? params.success_url,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      payment_intent: null,
      allowed_payment_method_types: params.allowed_payment_method_types ?? null,
      payment_method_types: types,
      payment_method_options: params.payment_method_options ?? {},
      created: now(),
      expires_at: params.expires_at ? Number(params.expires_at) : now() + 86_400,
      livemode: false,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function createRefund(params: Record<string, any>): EmulatorAnswer {
    const session = [...sessions.values()].find((s) => s.payment_intent && s.payment_intent === params.payment_intent);
    if (!session) return error(404, 'invalid_request_error', 'No such payment_intent', 'payment_intent');
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === session.payment_intent)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = params.amount === undefined ? session.amount_total - refunded : Number(params.amount);
    if (!(amount > 0) || amount > session.amount_total - refunded)
      return error(400, 'invalid_request_error', 'Refund amount is greater than unrefunded amount', 'amount');
    const refund: StripeRefund = {
      id: `re_${randomId()}`,
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: session.payment_intent!,
      status: 'succeeded',
      created: now(),
      metadata: {},
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  async function handle(request: EmulatorRequest, origin: string): Promise<EmulatorAnswer> {
    const path = request.path.split('?')[0];
    const page = /^\/pay\/(\w+)(?:\/(succeed|cancel))?$/.exec(path);
    if (page) {
      const session = sessions.get(page[1]);
      if (!session) return { status: 404, html: '<p>No such session</p>' };
      if (request.method === 'GET')
        return {
          status: 200,
          html: paymentPage(
            'Stripe Checkout',
            `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`,
            `/pay/${session.id}/succeed`,
            `/pay/${session.id}/cancel`,
          ),
        };
      const paid = page[2] === 'succeed';
      await settle(session.id, paid);
      return { status: 303, location: paid ? session.success_url : session.cancel_url };
    }
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return error(401, 'invalid_request_error', 'Invalid API Key provided');
    if (request.method === 'POST') {
      const key = request.headers['idempotency-key'];
      const remembered = typeof key === 'string' ? byKey.get(`${path} ${key}`) : undefined;
      if (remembered)
        return remembered.params === request.body
          ? remembered.answer
          : error(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters');
      const params = parseStripeForm(request.body);
      const answer =
        path === '/v1/checkout/sessions'
          ? createSession(params, origin)
          : path === '/v1/refunds'
            ? createRefund(params)
            : error(404, 'invalid_request_error', 'Unrecognized request URL');
      if (typeof key === 'string' && answer.status < 500) byKey.set(`${path} ${key}`, { params: request.body, answer });
      return answer;
    }
    const read = /^\/v1\/(checkout\/sessions|refunds)\/(\w+)$/.exec(path);
    const object = read && (read[1] === 'refunds' ? refunds : sessions).get(read[2]);
    return object
      ? { status: 200, body: object }
      : error(404, 'invalid_request_error', `No such ${read?.[1] ?? 'resource'}`);
  }

  const server = await startEmulatorServer(handle, options.port);
  return {
    ...server,
    /** STRIPE_API_URL for the app. */
    apiUrl: server.origin,
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    /** Where webhooks go from now on; undefined = nowhere. */
    setWebhook(target: WebhookTarget | undefined) {
      state.webhook = target;
    },
    pay: (id: string) => settle(id, true),
    cancel: (id: string) => settle(id, false),
    sendEvent,
  };
}

export type StripeEmulator = Awaited<ReturnType<typeof startStripeEmulator>>;
