import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

/** Server code: only lib/server itself and app/ (pages, route handlers) may import it. */
const serverCode = {
  group: ['@/lib/server', '@/lib/server/**', '../server/**', '../../server/**', 'server-only'],
  message: 'Server-only code: import it from lib/server or app/ only (docs/architecture.md, "Boundaries").',
};
const routeCode = {
  group: ['@/app/**'],
  message: 'app/ is the top of the tree: pages and route handlers import modules, never the other way round.',
};
const uiCode = {
  group: ['@/components/**'],
  message: 'lib/ is logic without UI; pass data to components instead.',
};
const browserClient = {
  group: ['@/lib/api', '@/lib/api/**', '**/lib/api', '**/lib/api/**', '../api', '../api/**', '../../api/**'],
  message:
    'lib/api is the browser client: server code, pages and pure lib/ share only lib/contract (schemas, types, query keys); lib/api/session-bridge.ts joins it to the store.',
};
/** lib/contract ⇄ lib/listing: the id bound lives in the contract, and the listing's values only use it. */
const idBound = {
  group: ['@/lib/listing/filter-values', '**/listing/filter-values', './filter-values'],
  importNames: ['MAX_ID'],
  message: 'Import MAX_ID from lib/contract/ids.',
};
/** storage.ts picks a driver, so a driver importing it back would be an import cycle. */
const storageChoice = {
  group: ['./storage', '**/platform/storage'],
  message: 'A storage driver imports what drivers share from ./storage-driver; storage.ts picks the driver.',
};
/** zod stays on the server: in the browser it would add ~25 kB (gzipped) to every page's scripts. */
const zodInBrowser = {
  group: [
    'zod',
    'zod/**',
    '@/lib/contract/*',
    '!@/lib/contract/query-keys',
    '!@/lib/contract/ids',
    '!@/lib/contract/favourite-refs',
    '!@/lib/contract/password-rules',
    '!@/lib/contract/review-rules',
    '!@/lib/contract/name-rules',
  ],
  allowTypeImports: true,
  message:
    'The contract schemas carry zod: import their types only, and shared values from the zod-free modules (password-rules, review-rules, name-rules, ids, query-keys, favourite-refs).',
};
/** sonner loads with the first toast (lib/browser/notify.ts): imported statically, it adds ~10 kB (gzipped) to the page. */
const toastLibrary = {
  group: ['sonner'],
  message: "Show toasts with notify() from '@/lib/browser/notify', which loads sonner with the first toast.",
};
/** The database is the ground floor: every domain stands on it, so it stands on no other folder of lib/server. */
const aboveTheDatabase = {
  group: ['@/lib/server/*', '!@/lib/server/db', '../*', '!../db'],
  message:
    'lib/server/db imports no other folder of lib/server; the process lends it what it needs through db/hooks.ts (docs/architecture.md, "Boundaries").',
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [...patterns, idBound] }] });

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'warn',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // Boundaries between the layers (ARCHITECTURE.md, "Layout"); tests/unit/lint-boundaries.test.ts proves they fire.
  // Each entry below replaces the rule's patterns of those before it for its files.
  { rules: restrict() },
  { files: ['proxy.ts'], rules: restrict(serverCode, routeCode) },
  { files: ['app/**'], rules: restrict(browserClient, toastLibrary) },
  { files: ['components/**'], rules: restrict(serverCode, routeCode, zodInBrowser, toastLibrary) },
  {
    files: ['lib/**'],
    ignores: ['lib/server/**', 'lib/api/**'],
    rules: restrict(serverCode, routeCode, uiCode, zodInBrowser, browserClient),
  },
  { files: ['lib/api/**'], rules: restrict(serverCode, routeCode, uiCode, zodInBrowser) },
  // The schemas themselves, which the server shares.
  { files: ['lib/contract/**'], rules: restrict(serverCode, routeCode, uiCode, browserClient) },
  { files: ['lib/server/**'], rules: restrict(routeCode, uiCode, browserClient) },
  { files: ['lib/server/db/**'], rules: restrict(routeCode, uiCode, browserClient, aboveTheDatabase) },
  {
    files: ['lib/server/platform/*-storage.ts', 'lib/server/platform/storage-driver.ts'],
    rules: restrict(routeCode, uiCode, browserClient, storageChoice),
  },
  {
    // Tests read JSON bodies of many shapes.
    files: ['tests/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'content-draft/**',
      'next-env.d.ts',
    ],
  },
];

export default config;
