import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the gateway emulators share: a real HTTP server on an ephemeral port of 127.0.0.1, and the delivery of
 * their webhooks, either to a URL (a running app) or to a function (a route handler called in-process).
 */

export type WebhookTarget = string | ((body: string, headers: Record<string, string>) => Promise<number>);

export interface EmulatorRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface EmulatorAnswer {
  status: number;
  body?: unknown;
  html?: string;
  location?: string;
}

export interface EmulatorServer {
  origin: string;
  /** Every API request the emulator received, oldest first. */
  requests: EmulatorRequest[];
  /** While down, the gateway's API answers every request 503, as in an outage (its payment pages stay up). */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startEmulatorServer(
  handle: (request: EmulatorRequest, origin: string) => Promise<EmulatorAnswer>,
  /** 0: an ephemeral port. */
  port = 0,
): Promise<EmulatorServer> {
  const requests: EmulatorRequest[] = [];
  let origin = '';
  let down = false;
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: EmulatorRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      if (!request.path.startsWith('/pay/')) requests.push(request);
      const answering =
        down && !request.path.startsWith('/pay/')
          ? Promise.resolve<EmulatorAnswer>({ status: 503, body: { type: 'error', code: 'service_unavailable' } })
          : handle(request, origin);
      answering.then(
        (answer) => {
          const headers: Record<string, string> = { 'request-id': `req_${randomBytes(6).toString('hex')}` };
          if (answer.location) headers.location = answer.location;
          if (answer.html !== undefined) headers['content-type'] = 'text/html; charset=utf-8';
          else if (answer.body !== undefined) headers['content-type'] = 'application/json';
          outgoing.writeHead(answer.status, headers);
          outgoing.end(answer.html ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
        },
        (error: Error) => {
          outgoing.writeHead(500, { 'content-type': 'text/plain' });
          outgoing.end(error.stack);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    setDown(value) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends a webhook and answers the receiver's HTTP status. */
export async function deliver(target: WebhookTarget, body: string, headers: Record<string, string>): Promise<number> {
  if (typeof target === 'function') return target(body, { 'content-type': 'application/json', ...headers });
  const response = await fetch(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** The hosted payment page: what the traveller sees on the gateway, with a Pay and a Cancel button. */
export function paymentPage(title: string, amount: string, payPath: string, cancelPath: string): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>
<main><h1>${escape(title)}</h1><p data-amount>${escape(amount)}</p>
<form method="post" action="${payPath}"><button type="submit">Pay</button></form>
<form method="post" action="${cancelPath}"><button type="submit">Cancel</button></form></main></body></html>`;
}

export const randomId = (bytes = 12) => randomBytes(bytes).toString('hex');
