import 'server-only';
import type { PaymentDriver } from './payment-driver';

const nothingOnline = () => Promise.reject(new Error('PAYMENT_DRIVER=none takes no payments online'));

/** Nothing is charged online: the traveller pays the guide on the day (today's behaviour). */
export const noPayments: PaymentDriver = {
  name: 'none',
  methods: [],
  createPayment: nothingOnline,
  getPayment: nothingOnline,
  refund: nothingOnline,
  parseWebhook: nothingOnline,
};
