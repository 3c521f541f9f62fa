import { NextRequest } from 'next/server';
import { peerHeadersForTests } from '@/lib/server/ops/peer-address';

type Route = (request: NextRequest, context: { params: Promise<Record<string, never>> }) => Promise<Response>;

/** What the app's webhook routes answered, for the assertions. */
export interface WebhookAnswer {
  status: number;
  body: any;
}

/**
 * An emulator's webhook target that delivers to the app's route handler in-process, as from `sender.address`
 * (read at each delivery, so a test may move it); each answer is kept in `answers`.
 */
export function deliverTo(route: Route, path: string, sender: { address: string }, answers: WebhookAnswer[] = []) {
  return async (body: string, headers: Record<string, string>) => {
    const request = new NextRequest(new URL(path, 'http://localhost:3000'), {
      method: 'POST',
      headers: { ...headers, ...peerHeadersForTests(sender.address) },
      body,
    });
    const response = await route(request, { params: Promise.resolve({}) });
    const text = await response.text();
    answers.push({ status: response.status, body: text ? JSON.parse(text) : null });
    return response.status;
  };
}
