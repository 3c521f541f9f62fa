// Requests that fetch() will not send: bodies of any size or shape, streamed without end, with any header.
import http from 'node:http';

/** Streams `megabytes` of chunked body until done or until the server answers or drops the connection. */
export function hugeChunkedBody(url, headers, megabytes, head = '') {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let finished = false;
    const done = (status) => {
      if (finished) return;
      finished = true;
      request.destroy();
      resolve({ status, sentMb: sent / 1024 / 1024 });
    };
    const request = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } },
      (response) => {
        response.resume();
        done(response.statusCode);
      },
    );
    request.on('error', () => done('connection closed'));
    const write = () => {
      while (!finished && sent < megabytes * 1024 * 1024) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!finished) request.end();
    };
    if (head) request.write(head);
    write();
  });
}

/**
 * Sends `body` (a string, or null for none) as it is, with any header, and never throws: the answer's status and
 * the start of its text, or 'reset' / 'timeout' when none came.
 */
export function send(method, url, headers, body) {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      { method, headers: body === null ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.length < 8 && chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8').slice(0, 300) }),
        );
        response.on('error', () => resolve({ status: 'reset', text: '' }));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
    request.on('error', (error) =>
      resolve({ status: error.message === 'timeout' ? 'timeout' : 'reset', text: error.message }),
    );
    if (body !== null) request.write(body);
    request.end();
  });
}
