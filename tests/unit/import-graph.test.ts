import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Checks of the source's import graph that ESLint cannot make file by file (docs/architecture.md, "Boundaries").
 * The graph holds every import, type-only and dynamic ones too, between the project's own modules.
 */
const ROOT = process.cwd();
const SOURCE_ROOTS = ['app', 'components', 'lib', 'scripts', 'proxy.ts', 'instrumentation.ts'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js)$/;
const MAX_LINES = 400;
/** Demo data is long by nature: lib/server/demo/, and the places it is moved from until then. */
const LONG_DEMO_DATA = [
  /^lib\/server\/demo\//,
  /^lib\/server\/db\/seed/,
  /^lib\/server\/db\/fake-ideas\.ts$/,
  /^lib\/server\/pictures\/generate\.ts$/,
];

/** Files git tracks, and new ones it would (not ignored), so a check holds before the commit too. */
function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...SOURCE_ROOTS],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  const files = listed.split('\0').filter((file) => SOURCE_FILE.test(file) && existsSync(path.join(ROOT, file)));
  return [...new Set(files)].sort();
}

const files = sourceFiles();
const known = new Set(files);
const texts = new Map(files.map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8')]));

/** The project file an import names (the `@/` alias or a relative path), or null for a package or a non-code file. */
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'].map((end) => base + end),
  ];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/** Each module's imports of other modules of the project. */
const imports = new Map(
  files.map((file) => {
    const named = ts.preProcessFile(texts.get(file)!, true, true).importedFiles.map((ref) => ref.fileName);
    const targets = named.map((specifier) => resolveImport(file, specifier)).filter((target) => target !== null);
    return [file, [...new Set(targets)]];
  }),
);

const edges = [...imports].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

/** lib/server/ops/metrics/registry.ts → ops; a file right under lib/server is a folder of its own. */
const serverFolderOf = (file: string) => (file.startsWith('lib/server/') ? file.split('/')[2] : null);

/**
 * Each group of lib/server folders that reach one another through imports, as its shortest circle through the first
 * folder (with one import for each step) and the group's other folders.
 */
function serverFolderCycles(): string[] {
  const examples = new Map<string, string>();
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const [a, b] = [serverFolderOf(from), serverFolderOf(to)];
    if (!a || !b || a === b) continue;
    if (!next.has(a)) next.set(a, new Set());
    next.get(a)!.add(b);
    if (!examples.has(`${a}>${b}`)) examples.set(`${a}>${b}`, `${from} → ${to}`);
  }
  const reaches = (start: string) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      for (const folder of next.get(stack.pop()!) ?? []) {
        if (seen.has(folder)) continue;
        seen.add(folder);
        stack.push(folder);
      }
    }
    return seen;
  };
  const reach = new Map([...next.keys()].map((folder) => [folder, reaches(folder)]));
  const reported = new Set<string>();
  const cycles: string[] = [];
  for (const start of [...next.keys()].sort()) {
    if (reported.has(start) || !reach.get(start)!.has(start)) continue;
    // The shortest way back to the start, breadth first.
    const cameFrom = new Map<string, string>();
    const queue = [start];
    search: while (queue.length) {
      const folder = queue.shift()!;
      for (const to of [...(next.get(folder) ?? [])].sort()) {
        if (cameFrom.has(to)) continue;
        cameFrom.set(to, folder);
        if (to === start) break search;
        queue.push(to);
      }
    }
    const circle = [start];
    for (let folder = cameFrom.get(start)!; folder !== start; folder = cameFrom.get(folder)!) circle.unshift(folder);
    circle.unshift(start);
    const group = [...next.keys()].filter((folder) => reach.get(start)!.has(folder) && reach.get(folder)!.has(start));
    group.forEach((folder) => reported.add(folder));
    const steps = circle.slice(1).map((to, i) => `${to} (${examples.get(`${circle[i]}>${to}`)})`);
    const others = group.filter((folder) => !circle.includes(folder)).sort();
    cycles.push([start, ...steps].join(' → ') + (others.length ? `; also in the group: ${others.join(', ')}` : ''));
  }
  return cycles;
}

describe('import graph', () => {
  it('finds the source and resolves its imports', () => {
    expect(known.has('lib/api/client.ts')).toBe(true);
    expect(imports.get('lib/server/pages/prefetch.ts')).toContain('lib/contract/query-keys.ts');
  });

  it('has no import from app/ or lib/store/ into lib/api/ (the browser client)', () => {
    const into = edges.filter(({ from, to }) => /^(app|lib\/store)\//.test(from) && to.startsWith('lib/api/'));
    expect(into.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('has no cycle between the folders of lib/server', () => {
    expect(serverFolderCycles()).toEqual([]);
  });

  it(`has no source module over ${MAX_LINES} lines outside demo data`, () => {
    const long = files
      .filter((file) => !LONG_DEMO_DATA.some((pattern) => pattern.test(file)))
      .map((file) => ({ file, lines: texts.get(file)!.split('\n').length - (texts.get(file)!.endsWith('\n') ? 1 : 0) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long.map(({ file, lines }) => `${file}: ${lines} lines`)).toEqual([]);
  });
});
