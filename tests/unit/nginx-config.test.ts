import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** deploy/nginx.conf without its comments. */
const config = readFileSync('deploy/nginx.conf', 'utf8').replace(/#.*$/gm, '');

/** Each `location … { … }` block: its head and its body (nested blocks included). */
function locations(text: string): { head: string; body: string }[] {
  const found: { head: string; body: string }[] = [];
  for (const match of text.matchAll(/location\s+([^{]+)\{/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (depth > 0 && end < text.length) {
      if (text[end] === '{') depth++;
      if (text[end] === '}') depth--;
      end++;
    }
    found.push({ head: match[1].trim(), body: text.slice(match.index + match[0].length, end - 1) });
  }
  return found;
}

const directives = (name: string) =>
  [...config.matchAll(new RegExp(`^\\s*${name}\\s+([^;]*);`, 'gm'))].map((m) => m[1]);

describe('deploy/nginx.conf retries', () => {
  it('moves a request on to another instance on errors, timeouts and 502, never re-sending a write it received', () => {
    const [nextUpstream, ...others] = directives('proxy_next_upstream');
    expect(others).toEqual([]);
    expect(nextUpstream.split(/\s+/)).toEqual(expect.arrayContaining(['error', 'timeout', 'http_502']));
    expect(nextUpstream).not.toContain('non_idempotent');
    // Counted as a failure there, the app's system-wide 503s (service mode, database down) would mark every
    // instance down, and clients would get nginx's own 502: 503 is retried through @retry_503 instead.
    expect(nextUpstream).not.toContain('http_503');
    expect(Number(directives('proxy_next_upstream_tries')[0])).toBeGreaterThan(1);
    expect(directives('proxy_next_upstream_timeout')[0]).toMatch(/^\d+s$/);
  });

  it('asks another instance once more when a GET or HEAD is answered 503, in every proxied location', () => {
    expect(directives('proxy_intercept_errors')).toContain('on');
    const proxied = locations(config).filter(({ body }) => /proxy_pass\s+http:\/\/sopka_app;/.test(body));
    const [retry] = proxied.filter(({ head }) => head === '@retry_503');
    expect(retry, 'location @retry_503').toBeDefined();
    // The retry's own answer goes to the client as it is: nothing intercepts it again.
    expect(retry.body).toMatch(/proxy_intercept_errors\s+off;/);
    expect(retry.body).not.toMatch(/error_page/);
    // The event stream's 503 goes to the client, which reconnects (see the next test).
    const others = proxied.filter(({ head }) => head !== '@retry_503' && head !== '= /api/v1/events');
    expect(others.map(({ head }) => head)).toEqual(
      expect.arrayContaining(['/api/', '/media/', '/_next/image', '= /', '/']),
    );
    for (const { head, body } of others) {
      // Only idempotent methods: a POST answered 503 may have been applied.
      expect(body, head).toMatch(
        /if\s+\(\$request_method\s+~\s+\^\(GET\|HEAD\)\$\)\s*\{\s*error_page\s+503\s+=\s+@retry_503;\s*\}/,
      );
      expect(body.match(/error_page/g), head).toHaveLength(1);
    }
  });

  it('passes the live event stream on unbuffered, uncompressed and held open', () => {
    const events = locations(config).find(({ head }) => head === '= /api/v1/events');
    expect(events, 'location = /api/v1/events').toBeDefined();
    for (const directive of [
      'proxy_buffering off',
      'proxy_cache off',
      'gzip off',
      'brotli off',
      'proxy_intercept_errors off',
    ])
      expect(events!.body).toMatch(new RegExp(`${directive.replace(' ', '\\s+')};`));
    expect(events!.body).toMatch(/proxy_read_timeout\s+1h;/);
    // HTTP/1.1 without `Connection: close` to the upstream, for the whole server.
    expect(directives('proxy_http_version')).toEqual(['1.1']);
  });
});
