import 'server-only';
import http from 'node:http';

/** Runs for every request a Node HTTP server of this process receives, before Next sees it. */
export type RequestHook = (request: http.IncomingMessage, response: http.ServerResponse, server: http.Server) => void;

/**
 * Decides when Next sees a request that every hook has seen: `admit` hands it on, now or later (exactly once,
 * unless the request is dropped).
 */
export type RequestGate = (admit: () => void, request: http.IncomingMessage, response: http.ServerResponse) => void;

/** Answers a request itself, instead of Next, when it returns true (lib/server/events/serve-events.ts). */
export type RequestServer = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

type HookState = { hooks: RequestHook[]; installed?: true; gate?: RequestGate; servers?: RequestServer[] };
// Shared by the module instances of instrumentation and route handlers, so emit is wrapped once.
const state = ((globalThis as { __sopkaRequestHooks?: HookState }).__sopkaRequestHooks ??= { hooks: [] });

/**
 * Adds `hook` to the requests of every HTTP server, including the one `next start` created before
 * instrumentation ran: a route handler never sees the socket or the response's end, so this is the
 * only place that does. Hooks run in the order they were added.
 */
export function onEveryRequest(hook: RequestHook): void {
  if (!state.hooks.includes(hook)) state.hooks.push(hook);
  install();
}

/** Puts `gate` between the hooks and Next (lib/server/ops/admission.ts). */
export function gateRequests(gate: RequestGate): void {
  state.gate = gate;
  install();
}

/**
 * Lets `serve` answer the requests it takes, after every hook (so they are logged, counted and drained as any) and
 * before the gate and Next: a long-lived response then holds none of Next's per-request state.
 */
export function serveBeforeNext(serve: RequestServer): void {
  const servers = (state.servers ??= []);
  if (!servers.includes(serve)) servers.push(serve);
  install();
}

function install(): void {
  if (state.installed) return;
  state.installed = true;
  const prototype = http.Server.prototype;
  const emit = prototype.emit;
  prototype.emit = function emitWithHooks(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event !== 'request') return Reflect.apply(emit, this, [event, ...args]) as boolean;
    const request = args[0] as http.IncomingMessage;
    const response = args[1] as http.ServerResponse;
    for (const run of state.hooks) run(request, response, this);
    if (state.servers?.some((serve) => serve(request, response))) return true;
    if (!state.gate) return Reflect.apply(emit, this, [event, ...args]) as boolean;
    state.gate(() => Reflect.apply(emit, this, [event, ...args]), request, response);
    return true;
  } as typeof emit;
}
