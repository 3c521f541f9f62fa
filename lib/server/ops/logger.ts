import 'server-only';
import pino, { type Logger } from 'pino';
import { env } from '../platform/env';

type LoggerState = { logger?: Logger };
// One logger per process, shared by the instrumentation's and the route handlers' module instances.
const state = ((globalThis as { __sopkaLogger?: LoggerState }).__sopkaLogger ??= {});

/**
 * The process's structured logger: one JSON object per line on stdout, for a log collector to parse.
 * Secrets never reach it because callers pass chosen fields, never whole requests; `redact` is the
 * second line of defence for an error or object that carries headers anyway.
 */
export function logger(): Logger {
  state.logger ??= pino(
    {
      level: env().LOG_LEVEL,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['*.headers.authorization', '*.headers.cookie', '*.headers["set-cookie"]', '*.password', '*.token'],
        censor: '[redacted]',
      },
    },
    // Synchronous: pino's default buffer lost the last lines before process.exit (the shutdown's own report).
    // One write per line costs microseconds next to a request's milliseconds.
    pino.destination({ dest: 1, sync: true }),
  );
  return state.logger;
}
