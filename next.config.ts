import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite'],
  // [locale]/layout.tsx is the root layout (it owns <html lang>); unmatched URLs get app/global-not-found.tsx.
  experimental: { globalNotFound: true },
};

export default withNextIntl(nextConfig);
