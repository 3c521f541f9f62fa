import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as ideaDetail } from '@/app/api/v1/ideas/[id]/route';
import { GET as emailOutbox } from '@/app/api/v1/test/email-outbox/route';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { drainEmailQueue } from '@/lib/server/mail/queue';
import { closeEmailTransport } from '@/lib/server/platform/email';
import { call, setupApiDatabase, signInHeaders } from '../support/api';
import { postBooking } from '../support/bookings';

/** A real SMTP server on 127.0.0.1 that keeps what it receives; `refuse` makes it reject recipients. */
const received: ParsedMail[] = [];
let refuse = false;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    callback(refuse ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 }) : undefined);
  },
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});

let database: Awaited<ReturnType<typeof setupApiDatabase>>;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  process.env.EMAIL_DRIVER = 'smtp';
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.EMAIL_FROM = 'Sopka <bookings@sopka.example>';
  process.env.SITE_URL = 'https://sopka.example';
  process.env.LOG_LEVEL = 'silent';
  database = await setupApiDatabase();
});
afterAll(async () => {
  await closeEmailTransport();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.dispose();
});

describe('EMAIL_DRIVER=smtp', () => {
  it('sends the booking confirmation through SMTP with its calendar attachment', async () => {
    const idea = SEED_IDEAS.map((seed, index) => ({ ...seed, id: index + 1 })).find(
      (seed) => seed.status === 'published' && seed.author !== 0,
    )!;
    const { body } = await call(ideaDetail, `/api/v1/ideas/${idea.id}`, { params: { id: String(idea.id) } });
    const date = body.data.relationships.futureDates.data[0];
    const created = await postBooking(await signInHeaders(SEED_AUTHORS[0].email, AUTHOR_PASSWORD), idea.id, date.id, {
      contact: { name: 'Анна', phone: '+79141112233' },
    });
    expect(created.status).toBe(201);
    expect(await drainEmailQueue()).toEqual({ sent: 2, failed: 0 });

    const mail = received.find((m) => m.subject?.startsWith('Бронирование подтверждено'))!;
    expect(mail.subject).toBe(`Бронирование подтверждено: ${idea.title.ru}`);
    expect(mail.from?.value).toEqual([{ name: 'Sopka', address: 'bookings@sopka.example' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(SEED_AUTHORS[0].email);
    expect(mail.text).toContain('https://sopka.example/go/');
    expect(mail.html).toContain('href="https://sopka.example/go/');
    expect(mail.messageId).toMatch(/^<email-\d+\.sopka@sopka\.example>$/);
    const [ics] = mail.attachments;
    expect(ics.filename).toBe('sopka-booking.ics');
    expect(ics.contentType).toBe('text/calendar');
    const calendar = ics.content.toString('utf8');
    expect(calendar).toContain('BEGIN:VEVENT');
    expect(calendar).toContain(`UID:booking-${created.body.data.hid}@sopka.travel`);
    expect(received.some((m) => m.subject === `Новое бронирование: ${idea.title.ru}`)).toBe(true);
    // The outbox route is only for EMAIL_DRIVER=outbox.
    expect((await call(emailOutbox, '/api/v1/test/email-outbox?to=anna%40demo.sopka.travel')).status).toBe(404);
  });

  it('keeps a message the server refuses and sends it on a later attempt', async () => {
    const before = received.length;
    refuse = true;
    const { enqueueEmail } = await import('@/lib/server/mail/queue');
    await enqueueEmail(database.db, { kind: 'test', to: 'later@example.com', subject: 'Later', text: 'x', html: 'x' });
    const now = new Date(Date.now() + 1000);
    expect(await drainEmailQueue({ now: () => now })).toEqual({ sent: 0, failed: 1 });
    refuse = false;
    const later = new Date(now.getTime() + 60 * 60 * 1000);
    expect(await drainEmailQueue({ now: () => later })).toEqual({ sent: 1, failed: 0 });
    expect(received.slice(before).map((m) => m.subject)).toEqual(['Later']);
  });
});
