import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { phone } from '@/lib/contract/auth';
import { getDb } from '@/lib/server/db';
import { smsOutbox } from '@/lib/server/db/schema';
import { env } from '@/lib/server/platform/env';
import { queryObject } from '@/lib/server/routes/api-route';
import { notFound } from '@/lib/server/http/problem';
import { testRoute } from '@/lib/server/routes/test-route';

/** Test support: the last messages sent to a phone. Exists only with SMS_DRIVER=outbox, and never in production. */
export const GET = testRoute(async ({ request }) => {
  if (env().SMS_DRIVER !== 'outbox') throw notFound();
  const query = z.object({ phone }).parse(queryObject(request));
  const db = await getDb();
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, query.phone))
    .orderBy(desc(smsOutbox.id))
    .limit(10);
  return { data: rows.map((row) => ({ phone: row.phone, text: row.text, created_at: row.createdAt.toISOString() })) };
});
