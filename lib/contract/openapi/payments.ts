import { problemResponse } from './helpers';

const webhook = (gateway: string, proof: string) => ({
  post: {
    summary: `${gateway}'s notification about a payment or refund (called by the gateway, not by clients). ${proof}`,
    requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
    responses: {
      '200': {
        description: 'Handled, already handled, or of no concern',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { received: { const: true } }, required: ['received'] },
          },
        },
      },
      '400': problemResponse('Not verifiable, or its amount or currency is not the payment’s: nothing changed'),
      '404': problemResponse('This gateway is not configured'),
      '413': problemResponse('Body over 256 KB'),
      '503': problemResponse('Service mode'),
    },
  },
});

/** The payment gateways' webhooks (docs/payments.md). */
export const paymentPaths = () => ({
  '/payments/webhooks/yookassa': webhook(
    'YooKassa',
    'Not signed: the payment is read back from the API, and the sender must be in YOOKASSA_WEBHOOK_IPS when set.',
  ),
  '/payments/webhooks/stripe': webhook('Stripe', 'Signed: the Stripe-Signature header is checked.'),
});
