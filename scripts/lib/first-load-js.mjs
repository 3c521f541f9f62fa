// First-load JavaScript of a page as a browser receives it on a first visit: every module script the HTML names
// (nomodule polyfills excluded), gzipped as served. Shared by bench:pages and bench:budgets.
import { gzipSync } from 'node:zlib';

/** A GET's body, surviving a pooled keep-alive socket that the server closed meanwhile. */
export async function getBody(url, headers = {}) {
  try {
    return Buffer.from(await (await fetch(url, { headers })).arrayBuffer());
  } catch {
    return Buffer.from(await (await fetch(url, { headers: { ...headers, connection: 'close' } })).arrayBuffer());
  }
}

/**
 * The scripts a first visit to `path` downloads and their gzipped size in kB; `headers` (a session cookie) for a
 * signed-in page. Fails when the page does not answer 200, so that a redirect is never measured as a light page.
 */
export async function firstLoadJs(base, path, headers = {}) {
  const response = await fetch(base + path, { headers, redirect: 'manual' });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}, not 200`);
  const html = await response.text();
  const sources = [...html.matchAll(/<script\b([^>]*)\bsrc="([^"]+)"([^>]*)>/g)]
    .filter(([, before, , after]) => !/\bnomodule\b/i.test(before + after))
    .map(([, , src]) => src.replaceAll('&amp;', '&'));
  let bytes = 0;
  const each = [];
  for (const src of new Set(sources)) {
    const size = gzipSync(await getBody(new URL(src, base))).length;
    bytes += size;
    each.push(`    ${(size / 1000).toFixed(1).padStart(6)} kB ${src}`);
  }
  return { kb: bytes / 1000, scripts: each.length, each };
}
