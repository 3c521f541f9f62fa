import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/server/db';
import { emailOutbox } from '@/lib/server/db/schema';
import { env } from '@/lib/server/platform/env';
import { queryObject } from '@/lib/server/routes/api-route';
import { notFound } from '@/lib/server/http/problem';
import { testRoute } from '@/lib/server/routes/test-route';

/** Test support: the last emails sent to an address. Exists only with EMAIL_DRIVER=outbox, and never in production. */
export const GET = testRoute(async ({ request }) => {
  if (env().EMAIL_DRIVER !== 'outbox') throw notFound();
  const query = z
    .object({ to: z.email({ error: 'Give the recipient: ?to=<email>.' }).transform((v) => v.toLowerCase()) })
    .parse(queryObject(request));
  const db = await getDb();
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.recipient, query.to))
    .orderBy(desc(emailOutbox.id))
    .limit(20);
  return {
    data: rows.map((row) => ({
      to: row.recipient,
      subject: row.subject,
      text: row.text,
      html: row.html,
      attachments: row.attachments,
      created_at: row.createdAt.toISOString(),
    })),
  };
});
