// Loads `.env` files the way `next start` does (@next/env), so every script sees the settings the server
// will see: with DATABASE_URL in `.env`, `npm start` prepares that PostgreSQL, not PGlite. Variables already
// set in the environment win over the files.
import nextEnv from '@next/env';

nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
