// `npm run user -- role EMAIL user|moderator|admin`, `npm run user -- block EMAIL`, `npm run user -- unblock EMAIL`,
// `npm run user -- show EMAIL` (and `npm run user:role -- EMAIL admin`): accounts from the shell, on the configured
// database (README "Users from the shell"). With PGlite, stop the app first: the database is one process's.
import path from 'node:path';
import '@/lib/server/startup/database';
import { connect } from '@/lib/server/db/client';
import { setDatabase } from '@/lib/server/db';
import { dataDir, env } from '@/lib/server/platform/env';
import {
  blockUser,
  describeUser,
  isUserRole,
  setUserRole,
  unblockUser,
  UnknownUserError,
  type AccountSummary,
} from '@/lib/server/accounts/admin-commands';
import { USER_ROLES } from '@/lib/server/db/schema';

const USAGE = `Usage:
  npm run user -- role EMAIL ${USER_ROLES.join('|')}
  npm run user -- block EMAIL
  npm run user -- unblock EMAIL
  npm run user -- show EMAIL
  npm run user:role -- EMAIL ${USER_ROLES.join('|')}`;

class UsageError extends Error {}

const describe = (user: AccountSummary) =>
  `${user.email} (id ${user.id}, ${user.name}): ${user.role}${user.blocked ? ', blocked' : ''}`;

async function main() {
  const [command, email, ...rest] = process.argv.slice(2);
  const arity = command === 'role' ? 1 : 0;
  if (
    !email ||
    email.startsWith('-') ||
    rest.length !== arity ||
    !['role', 'block', 'unblock', 'show'].includes(command)
  )
    throw new UsageError(USAGE);
  if (command === 'role' && !isUserRole(rest[0]))
    throw new UsageError(`The role must be one of ${USER_ROLES.join(', ')}; not "${rest[0]}".`);
  const url = env().DATABASE_URL;
  const database = await connect(url ? { url } : { dataDir: path.join(dataDir(), 'db') });
  setDatabase(database);
  try {
    if (command === 'role') {
      const user = await setUserRole(email, rest[0]);
      console.log(
        user.previousRole === user.role
          ? `${describe(user)}: already so, nothing changed.`
          : `${describe(user)} (was ${user.previousRole}). Tokens in use end at their next request; signing in again gives the new role.`,
      );
    } else if (command === 'block') {
      const user = await blockUser(email);
      console.log(
        `Blocked ${describe(user)}: ${user.revokedSessions} sessions ended; password, reset links and phone codes refused.`,
      );
    } else if (command === 'unblock') {
      const user = await unblockUser(email);
      console.log(user.wasBlocked ? `Unblocked ${describe(user)}.` : `${describe(user)} was not blocked.`);
    } else console.log(describe(await describeUser(email)));
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    if (error instanceof UsageError) {
      console.error(error.message);
      process.exit(64);
    }
    console.error(error instanceof UnknownUserError ? error.message : error);
    process.exit(1);
  },
);
