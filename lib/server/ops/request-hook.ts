import 'server-only';
import http from 'node:http';

/** Runs for every request a Node HTTP server of this process receives, before Next sees it. */
export type RequestHook = (request: http.IncomingMessage, response: http.ServerResponse, server: http.Server) => void;

type HookState = { hooks: RequestHook[]; installed?: true };
// Shared by the module instances of instrumentation and route handlers, so emit is wrapped once.
const state = ((globalThis as { __sopkaRequestHooks?: HookState }).__sopkaRequestHooks ??= { hooks: [] });

/**
 * Adds `hook` to the requests of every HTTP server, including the one `next start` created before
 * instrumentation ran: a route handler never sees the socket or the response's end, so this is the
 * only place that does. Hooks run in the order they were added.
 */
export function onEveryRequest(hook: RequestHook): void {
  if (!state.hooks.includes(hook)) state.hooks.push(hook);
  if (state.installed) return;
  state.installed = true;
  const prototype = http.Server.prototype;
  const emit = prototype.emit;
  prototype.emit = function emitWithHooks(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request')
      for (const run of state.hooks) run(args[0] as http.IncomingMessage, args[1] as http.ServerResponse, this);
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}
