import 'server-only';
import { eq } from 'drizzle-orm';
import { clientAddress } from '@/lib/http/client-address';
import { getDb, transaction } from '../db';
import { payments } from '../db/schema';
import { ApiError, notFound } from '../http/problem';
import { readBodyLimited } from '../http/body';
import { logger } from '../ops/logger';
import { stampedPeer } from '../ops/peer-address';
import { env } from '../platform/env';
import { applyGatewayRefund, applySettling } from './apply-gateway-payment';
import type { OnSettled } from './expire-hold';
import { gatewayDriver } from './driver';
import { WebhookRefused } from './payment-driver';

/** A gateway's event is a few kilobytes; Stripe's largest stay well under this. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

const refused = (detail: string) => new ApiError(400, 'Bad request', detail);

/**
 * POST /payments/webhooks/{gateway}: the delivery is verified by the gateway's driver (signature, or read back
 * from its API and the sender's address), then applied once. 200 for an event handled, repeated or of no
 * concern; 400 (problem+json) for one that cannot be verified or does not match our payment, so nothing changes.
 */
export async function handleWebhook(
  gateway: 'yookassa' | 'stripe',
  request: Request,
  /** Moves the booking when its payment settled, in the same transaction (the booking flow's part). */
  onSettled: OnSettled,
): Promise<{ received: true }> {
  const driver = gatewayDriver(gateway);
  if (!driver) throw notFound(`${gateway} is not configured.`);
  const body = await readBodyLimited(
    request,
    MAX_WEBHOOK_BYTES,
    `A webhook may be at most ${MAX_WEBHOOK_BYTES} bytes.`,
  );
  const sender = clientAddress(
    { peer: stampedPeer(request.headers), forwardedFor: request.headers.get('x-forwarded-for') },
    env().TRUST_PROXY_HOPS,
  );
  let event;
  try {
    event = await driver.parseWebhook({ body, headers: request.headers, sender });
  } catch (error) {
    if (!(error instanceof WebhookRefused)) throw error;
    logger().warn({ gateway, sender, reason: error.message }, 'a payment webhook was refused');
    throw refused('The notification could not be verified.');
  }
  if (event.kind === 'ignored') return { received: true };
  if (event.kind === 'refund') {
    const { state } = event;
    const applied = await transaction((tx) => applyGatewayRefund(tx, state));
    if (applied.outcome === 'refused') throw refused('The refund does not match ours.');
    return { received: true };
  }
  const { state } = event;
  const db = await getDb();
  const [payment] = await db.select().from(payments).where(eq(payments.gatewayPaymentId, state.gatewayId));
  if (!payment) {
    // Verified, but not one of ours (another shop's test, or a row lost): nothing to do, and nothing to retry.
    logger().warn(
      { gateway, gatewayId: state.gatewayId, type: event.type },
      'a verified payment event for no payment of ours',
    );
    return { received: true };
  }
  const change = await applySettling(payment, state, onSettled);
  if (change.outcome === 'refused') throw refused('The payment does not match ours.');
  return { received: true };
}
