import 'server-only';
import { getDb } from '../db';
import { smsOutbox } from '../db/schema';
import { env } from './env';

/** Sends a text message. The driver comes from SMS_DRIVER. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

const logSender: SmsSender = {
  async send(phone, text) {
    console.info(`[sms] to ${phone}: ${text}`);
  },
};

const outboxSender: SmsSender = {
  async send(phone, text) {
    const db = await getDb();
    await db.insert(smsOutbox).values({ phone, text });
  },
};

/** A JSON gateway: POST SMS_HTTP_URL { to, text } with `Authorization: Bearer SMS_HTTP_TOKEN`. */
const httpSender: SmsSender = {
  async send(phone, text) {
    const { SMS_HTTP_URL, SMS_HTTP_TOKEN } = env();
    if (!SMS_HTTP_URL) throw new Error('SMS_DRIVER=http needs SMS_HTTP_URL');
    const response = await fetch(SMS_HTTP_URL, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(SMS_HTTP_TOKEN ? { authorization: `Bearer ${SMS_HTTP_TOKEN}` } : {}),
      },
      body: JSON.stringify({ to: phone, text }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  },
};

export function smsSender(): SmsSender {
  return { log: logSender, outbox: outboxSender, http: httpSender }[env().SMS_DRIVER];
}
