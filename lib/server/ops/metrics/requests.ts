import 'server-only';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isPagePath } from '@/lib/i18n/locale-rewrites';
import { defaultLocale, localePrefixes, locales } from '@/lib/i18n/locales';
import { metrics } from './registry';

// Requests counted and timed by the app/ route they reach.

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** One request's response ended (lib/server/ops/request-log.ts). */
export function observeRequest(method: string | undefined, urlPath: string, status: number, seconds: number): void {
  const m = metrics();
  if (!m) return;
  const labels = {
    method: method && METHODS.has(method) ? method : 'other',
    route: routePattern(urlPath),
    status: String(status),
  };
  m.requests.inc(labels);
  m.requestDuration.observe(labels, seconds);
}

type RouteNode = {
  /** The pattern a path ending at this node answers with. */
  pattern?: string;
  fixed: Map<string, RouteNode>;
  param?: RouteNode;
  /** `[...name]`: one segment or more. */
  catchAll?: string;
  /** `[[...name]]`: none or more. */
  optionalCatchAll?: string;
};

const newNode = (): RouteNode => ({ fixed: new Map() });

/** Next's own files, answered outside app/. */
const NEXT_ROUTES = ['/_next/static/[...path]', '/_next/image'];
/** Metadata files of app/'s root and the path each answers. */
const METADATA_ROUTES: Record<string, string> = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  manifest: '/manifest.webmanifest',
  favicon: '/favicon.ico',
};
const ROUTE_FILE = /^(page|route)\.(tsx?|jsx?|mdx?)$/;
const METADATA_FILE = /^(robots|sitemap|manifest|favicon)\.(tsx?|jsx?|txt|xml|json|webmanifest|ico)$/;

let routeTree: RouteNode | undefined;

/** The routes of app/ (read once; a deployment runs from the project's folder, as the migrations need). */
function routes(): RouteNode {
  if (routeTree) return routeTree;
  const root = newNode();
  const appDir = path.join(process.cwd(), 'app');
  const patterns: string[] = [...NEXT_ROUTES];
  const walk = (dir: string, segments: string[]) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const name = entry.name;
      if (entry.isDirectory()) {
        // Private folders (_x) and intercepting routes ((.)x) are no URLs; groups ((x)) and slots (@x) add no segment.
        if (name.startsWith('_') || name.startsWith('(.')) continue;
        const grouping = (name.startsWith('(') && name.endsWith(')')) || name.startsWith('@');
        walk(path.join(dir, name), grouping ? segments : [...segments, name]);
      } else if (ROUTE_FILE.test(name)) {
        patterns.push(`/${segments.join('/')}`);
      } else if (segments.length === 0 && METADATA_FILE.test(name)) {
        patterns.push(METADATA_ROUTES[name.split('.')[0]]);
      }
    }
  };
  walk(appDir, []);
  for (const pattern of patterns) {
    let node = root;
    let end: 'pattern' | 'catchAll' | 'optionalCatchAll' = 'pattern';
    for (const segment of pattern.split('/').filter(Boolean)) {
      // A catch-all is a route's last segment.
      if (segment.startsWith('[[...')) end = 'optionalCatchAll';
      else if (segment.startsWith('[...')) end = 'catchAll';
      if (end !== 'pattern') break;
      if (segment.startsWith('[')) node = node.param ??= newNode();
      else node = node.fixed.get(segment) ?? node.fixed.set(segment, newNode()).get(segment)!;
    }
    node[end] = pattern;
  }
  return (routeTree = root);
}

/** Next's order: a fixed segment before a parameter, a parameter before a catch-all, trying the next on no match. */
function match(node: RouteNode, segments: string[], index: number): string | undefined {
  if (index === segments.length) return node.pattern ?? node.optionalCatchAll;
  const fixed = node.fixed.get(segments[index]);
  return (
    (fixed && match(fixed, segments, index + 1)) ||
    (node.param && match(node.param, segments, index + 1)) ||
    node.catchAll ||
    node.optionalCatchAll
  );
}

const LOCALE_SEGMENTS = new Set<string>([
  ...locales,
  ...Object.values(localePrefixes).map((prefix) => prefix.slice(1)),
]);

/**
 * Paths already labelled: most requests are for a few paths, and matching one costs a few microseconds. Bounded in
 * entries and in their length, so that made-up paths cannot grow it: when full, it starts again.
 */
const knownPaths = new Map<string, string>();
const KNOWN_PATHS = 10_000;
const KNOWN_PATH_LENGTH = 200;

/**
 * The app/ route a request path reaches, as a bounded label: `/api/v1/ideas/[id]`, `/[locale]/go/[id]` (a page
 * path without a locale prefix is Russian, as the rewrites of lib/i18n/locale-rewrites.ts make it), or `other`.
 */
export function routePattern(urlPath: string): string {
  let pattern = knownPaths.get(urlPath);
  if (pattern !== undefined) return pattern;
  pattern = findRoutePattern(urlPath);
  if (urlPath.length <= KNOWN_PATH_LENGTH) {
    if (knownPaths.size >= KNOWN_PATHS) knownPaths.clear();
    knownPaths.set(urlPath, pattern);
  }
  return pattern;
}

function findRoutePattern(urlPath: string): string {
  const segments = urlPath.split('?')[0].split('/').filter(Boolean);
  const page = isPagePath(urlPath);
  if (page && !LOCALE_SEGMENTS.has(segments[0] ?? '')) segments.unshift(defaultLocale);
  const pattern = match(routes(), segments, 0);
  // Next would render `/api/nothing` as the page [locale]=api (a 404): not a page anyone asked for.
  return pattern && (page || !pattern.startsWith('/[')) ? pattern : 'other';
}
