// `npm run bench:sitemap`: how long the sitemap index and each idea sitemap take to build (query + XML) on the
// configured database, e.g. after `DATA_DIR=data/bench-seo npm run db:fake -- --ideas 100000`.
// Options: --runs 5 (each file is built that many times; the median and the slowest are printed). With
// API_ANSWER_CACHE=off every run reads the database; by default later runs reuse the cached rows.
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import '@/lib/server/startup/database';
import { env } from '@/lib/server/platform/env';
import { sitemapCategoryIds, sitemapIdeaChunks, sitemapIdeas } from '@/lib/server/seo/sitemap';
import {
  ideaPage,
  listingPages,
  sitemapFileName,
  sitemapIndexXml,
  sitemapFilePath,
  urlsetXml,
  type SitemapFile,
} from '@/lib/seo/sitemap';

async function time(runs: number, build: () => Promise<string>) {
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    bytes = (await build()).length;
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], max: ms[ms.length - 1], bytes };
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
  const runs = Number(values.runs);
  const site = env().SITE_URL;
  // The first query opens the database; it is not part of any file's time.
  const chunks = await sitemapIdeaChunks();
  const files: [string, () => Promise<string>][] = [
    [
      'sitemap.xml (index)',
      async () =>
        sitemapIndexXml(
          (await sitemapIdeaChunks()).map(({ chunk }) => ({ path: sitemapFilePath({ kind: 'ideas', chunk }) })),
          site,
        ),
    ],
    ...([{ kind: 'listings' }, ...chunks.map(({ chunk }) => ({ kind: 'ideas' as const, chunk }))] as SitemapFile[]).map(
      (file) =>
        [
          sitemapFileName(file),
          async () =>
            urlsetXml(
              file.kind === 'listings'
                ? listingPages(await sitemapCategoryIds())
                : file.kind === 'ideas'
                  ? (await sitemapIdeas(file.chunk)).map((i) => ideaPage(i.hid, i.updatedAt))
                  : [],
              site,
            ),
        ] as [string, () => Promise<string>],
    ),
  ];
  console.log(`${chunks.length} idea sitemaps; ${runs} runs each`);
  for (const [name, build] of files) {
    const { median, max, bytes } = await time(runs, build);
    console.log(
      `${name.padEnd(22)} median ${median.toFixed(0).padStart(5)} ms  max ${max.toFixed(0).padStart(5)} ms  ${(bytes / 1_048_576).toFixed(1)} MB`,
    );
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
