import 'server-only';
import { createTransport } from 'nodemailer';
import { getDb } from '../db';
import { emailOutbox } from '../db/schema';
import { env } from './env';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** The attachment's text (calendar events are text). */
  content: string;
}

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: EmailAttachment[];
  headers?: Record<string, string>;
  /**
   * A stable Message-ID (`<queue-id.sopka@host>`): if a message is ever sent twice (a crash after the SMTP
   * server accepted it and before the queue marked it sent), receiving servers and clients can tell it is one.
   */
  messageId?: string;
  /** The queue row, for the outbox. */
  queueId?: number;
}

/** Sends an email. The driver comes from EMAIL_DRIVER; a thrown error means "not sent, try again later". */
export interface EmailSender {
  send(email: Email): Promise<void>;
}

/**
 * Development's default: the email in the server's output (reset links included, to be followed from there). On a
 * deployment (APP_ENV=production) only the recipient and subject: a reset link in a log would be a secret in it.
 */
const logSender: EmailSender = {
  async send(email) {
    const files = email.attachments.map((a) => a.filename).join(', ');
    const body = env().APP_ENV === 'production' ? '' : `\n${email.text}`;
    console.info(`[email] to ${email.to}: ${email.subject}${files ? ` (+ ${files})` : ''}${body}`);
  },
};

const outboxSender: EmailSender = {
  async send(email) {
    const db = await getDb();
    await db.insert(emailOutbox).values({
      queueId: email.queueId ?? null,
      recipient: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      attachments: email.attachments,
      headers: email.headers ?? {},
    });
  },
};

type Transport = ReturnType<typeof smtpTransportFor>;
type Holder = { transport?: Transport; url?: string };
const holder: Holder = {};

const smtpTransportFor = (url: string) =>
  createTransport({ url, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 });

function smtpTransport(): Transport {
  const { SMTP_URL } = env();
  if (!SMTP_URL) throw new Error('EMAIL_DRIVER=smtp needs SMTP_URL');
  if (!holder.transport || holder.url !== SMTP_URL) {
    holder.transport?.close();
    holder.transport = smtpTransportFor(SMTP_URL);
    holder.url = SMTP_URL;
  }
  return holder.transport;
}

const smtpSender: EmailSender = {
  async send(email) {
    await smtpTransport().sendMail({
      from: env().EMAIL_FROM,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: email.messageId,
      headers: email.headers,
      attachments: email.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
      })),
    });
  },
};

export function emailSender(): EmailSender {
  return { log: logSender, outbox: outboxSender, smtp: smtpSender }[env().EMAIL_DRIVER];
}

/** Closes the SMTP connection, if one was opened (at shutdown). */
export async function closeEmailTransport(): Promise<void> {
  holder.transport?.close();
  holder.transport = undefined;
}
