import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, users } from '../db/schema';
import { toHid } from '../db/hids';

type NewUser = Pick<typeof users.$inferInsert, 'name' | 'email' | 'phone' | 'passwordHash' | 'locale'>;

/** A new user with an empty profile; hids are made from the ids once the rows exist. Call inside a transaction. */
export async function createUserWithProfile(tx: Pick<Db, 'insert' | 'update'>, values: NewUser) {
  const [user] = await tx
    .insert(users)
    .values({ ...values, hid: `new-${randomUUID()}` })
    .returning({ id: users.id, role: users.role });
  await tx
    .update(users)
    .set({ hid: toHid(user.id) })
    .where(eq(users.id, user.id));
  const [profile] = await tx
    .insert(profiles)
    .values({ hid: `new-${randomUUID()}`, userId: user.id })
    .returning({ id: profiles.id });
  await tx
    .update(profiles)
    .set({ hid: toHid(profile.id) })
    .where(eq(profiles.id, profile.id));
  return user;
}
