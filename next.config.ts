import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NextConfig } from 'next';
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_SERVER } from 'next/constants';
import createNextIntlPlugin from 'next-intl/plugin';
import { localeRewrites } from './lib/i18n/locale-rewrites';
import { IMAGE_DEVICE_SIZES, IMAGE_QUALITY, IMAGE_SIZES } from './lib/config/images';
import { IMAGE_CONTENT_SECURITY_POLICY, securityHeaders } from './lib/config/security-headers';
import { startupProblem } from './lib/config/startup-check';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  // ICU messages are compiled at build time, so the browser gets a small formatter instead of the ICU parser.
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

const nextConfig = (development: boolean): NextConfig => ({
  reactStrictMode: true,
  // `next build` would type-check the whole project again, on one core: 73 of a fresh clone's 176 s of building on
  // this machine. `npm run typecheck` does it instead, and .ci/run runs it (and lint) before `npm test`.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // An ETag hashes every HTML answer in JavaScript, a large share of serving a cached page; pages carry Cache-Control instead.
  generateEtags: false,
  // Cached pages are stored by Next's own store but answered as bytes, not re-encoded per request (see the file).
  cacheHandler: require.resolve('./lib/server/cache/page-cache-handler.mjs'),
  // OpenTelemetry (loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set, lib/server/ops/tracing.ts) runs from
  // node_modules as Node loads it, not bundled: its instrumentations patch modules through Node's own require.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'nodemailer',
    '@opentelemetry/api',
    '@opentelemetry/sdk-node',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/instrumentation-http',
    '@opentelemetry/instrumentation-undici',
    '@opentelemetry/instrumentation-pg',
  ],
  // Stored pictures are resized per device by the image optimizer, with the widths of lib/config/images.ts.
  images: {
    localPatterns: [{ pathname: '/media/**', search: '' }],
    deviceSizes: IMAGE_DEVICE_SIZES,
    imageSizes: IMAGE_SIZES,
    qualities: [IMAGE_QUALITY],
    minimumCacheTTL: 31_536_000,
    contentSecurityPolicy: IMAGE_CONTENT_SECURITY_POLICY,
  },
  // The proxy (proxy.ts) sees the request's own URL. Next otherwise renames a loopback host to `localhost` there,
  // and its router then takes the proxy's rewrites of a process bound to 127.0.0.1 (as behind nginx) for another
  // origin: /go was proxied back to the process itself and redirected to /listing/all, or failed with EPROTO behind
  // TLS (vercel/next.js#94745).
  skipProxyUrlNormalize: true,
  experimental: {
    // [locale]/layout.tsx is the root layout (it owns <html lang>); unmatched URLs get app/global-not-found.tsx.
    globalNotFound: true,
    // Turbopack's build cache (.next/cache, 158 MB) speeds up the next build of the same folder but writing it is
    // a fifth of a first build's CPU (72 s with it, 58 s without, on this machine): a fresh clone's first build
    // (npm start, CI) skips it, and every build after that writes one.
    turbopackFileSystemCacheForBuild: existsSync(join(__dirname, '.next', 'BUILD_ID')),
  },
  // Page paths get their locale from rewrites; the proxy runs only where a request decides (lib/i18n/locale-rewrites.ts).
  async rewrites() {
    return { afterFiles: localeRewrites };
  },
  // Every answer, pages, API, pictures and errors alike. `next build` writes these into its routes manifest and
  // `next start` serves them from there (it does not call headers() again), so they cannot depend on APP_ENV,
  // which is given only at start: a production build always sends them (lib/config/security-headers.ts). The
  // tiles' origin is MAP_TILE_URL's at build time for the same reason.
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders({ development, mapTileUrl: process.env.MAP_TILE_URL }) }];
  },
});

export default function config(phase: string): NextConfig {
  // `next start` and `next dev` load this file after opening their port and before serving anything.
  if (phase === PHASE_PRODUCTION_SERVER || phase === PHASE_DEVELOPMENT_SERVER) {
    const problem = startupProblem(process.env);
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
  }
  return withNextIntl(nextConfig(phase === PHASE_DEVELOPMENT_SERVER));
}
