import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The layer rules of eslint.config.mjs, run on snippets as if they were files of the project. */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// The first lint loads ESLint's TypeScript parser and the whole config: seconds on 2 busy cores.
describe('layer boundaries', { timeout: 60_000 }, () => {
  it.each([
    ['components/ideas/Example.tsx', "import { env } from '@/lib/server/platform/env';"],
    ['components/ideas/Example.tsx', "import 'server-only';"],
    ['lib/listing/example.ts', "import { getDb } from '../server/db';"],
    ['proxy.ts', "import { toProblem } from '@/lib/server/http/problem';"],
    ['lib/server/ideas/example.ts', "import { IdeaCard } from '@/components/ideas/IdeaCard';"],
    ['lib/server/ideas/example.ts', "import { fetchIdeas } from '@/lib/api/ideas';"],
    ['lib/server/ideas/example.ts', "import { ListingPage } from '@/app/[locale]/(default)/_components/ListingPage';"],
    ['components/ideas/Example.tsx', "import { ListingPage } from '@/app/[locale]/(default)/_components/ListingPage';"],
    ['lib/format/example.ts', "import { IdeaCard } from '@/components/ideas/IdeaCard';"],
    ['components/ideas/Example.tsx', "import { z } from 'zod';"],
    ['lib/forms/example.ts', "import { ideasQuery } from '@/lib/contract/ideas';"],
    ['app/[locale]/(default)/page.tsx', "import { ideasQuery } from '@/lib/api/queries';"],
    ['lib/store/example.ts', "import { setSessionHooks } from '@/lib/api/client';"],
    ['lib/store/example.ts', "import * as authApi from '../api/auth';"],
    ['lib/contract/example.ts', "import { MAX_ID } from '@/lib/listing/filter-values';"],
    ['lib/listing/example.ts', "import { MAX_ID } from './filter-values';"],
    ['lib/server/platform/s3-storage.ts', "import { isSafeKey } from './storage';"],
    ['lib/server/db/example.ts', "import { logger } from '../ops/logger';"],
    ['lib/server/db/example.ts', "import { hashPassword } from '@/lib/server/accounts/passwords';"],
    ['lib/server/db/example.ts', "import { env } from '../platform/env';"],
    ['lib/server/db/example.ts', "import { seed } from '@/lib/server/demo/seed';"],
    ['components/messages/Example.tsx', "import { toast } from 'sonner';"],
  ])('%s may not: %s', async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {};\n`)).toHaveLength(1);
  });

  it.each([
    ['app/[locale]/(default)/go/[id]/page.tsx', "import { env } from '@/lib/server/platform/env';"],
    ['lib/server/ideas/example.ts', "import { ideasQuery } from '@/lib/contract/ideas';"],
    ['lib/server/ideas/example.ts', "import { getDb } from '../db';"],
    ['components/ideas/Example.tsx', "import { queryKeys } from '@/lib/contract/query-keys';"],
    ['proxy.ts', "import { problemResponse } from '@/lib/http/problem-response';"],
    ['components/ideas/Example.tsx', "import type { IdeaResource } from '@/lib/contract/ideas';"],
    ['components/reviews/Example.tsx', "import { REVIEW_TEXT_MAX } from '@/lib/contract/review-rules';"],
    ['lib/contract/example.ts', "import { z } from 'zod';"],
    ['app/[locale]/(default)/page.tsx', "import { queryKeys } from '@/lib/contract/query-keys';"],
    ['lib/api/session-bridge.ts', "import { createSessionActions } from '@/lib/store/session';"],
    ['lib/api/session-bridge.ts', "import { setSessionHooks } from './client';"],
    ['lib/contract/example.ts', "import { MAX_ID } from './ids';"],
    ['lib/listing/example.ts', "import { SORTS } from './filter-values';"],
    ['lib/server/platform/s3-storage.ts', "import { isSafeKey } from './storage-driver';"],
    ['lib/server/ideas/example.ts', "import { fileStorage } from '../platform/storage';"],
    ['lib/server/db/example.ts', "import { databaseHooks } from './hooks';"],
    ['lib/server/db/example.ts', "import { CANCELLATION_POLICIES } from '@/lib/bookings/cancellation';"],
  ])('%s may: %s', async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {};\n`)).toEqual([]);
  });
});
