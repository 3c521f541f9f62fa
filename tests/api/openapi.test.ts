import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET as getOpenApi } from '@/app/api/v1/openapi.json/route';
import { call } from '../support/api';

const API_ROOT = path.join(process.cwd(), 'app/api/v1');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Test-only routes (SMS outbox for e2e) are switched off in production and are not part of the public contract. */
const NOT_PUBLIC = ['/test/'];

/** Every route file under app/api/v1 with the document path it serves (`[id]` → `{id}`). */
function routeFiles(): { file: string; documentPath: string }[] {
  return readdirSync(API_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((entry) => path.basename(entry) === 'route.ts')
    .map((entry) => ({
      file: path.join(API_ROOT, entry),
      documentPath: `/${path.dirname(entry).split(path.sep).join('/')}`.replace(/\[(\w+)\]/g, '{$1}'),
    }))
    .filter(({ documentPath }) => !NOT_PUBLIC.some((prefix) => `${documentPath}/`.startsWith(prefix)));
}

async function openApi() {
  const { status, body } = await call(getOpenApi, '/api/v1/openapi.json');
  expect(status).toBe(200);
  return body as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: any }> } }
      >
    >;
  };
}

describe('the OpenAPI document', () => {
  it('describes every exported method of every public route file', async () => {
    const document = await openApi();
    const missing: string[] = [];
    const routes = routeFiles();
    expect(routes.length).toBeGreaterThan(30);
    for (const { file, documentPath } of routes) {
      const exported = await import(file);
      for (const method of METHODS) {
        if (typeof exported[method] === 'function' && !document.paths[documentPath]?.[method.toLowerCase()])
          missing.push(`${method} ${documentPath}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares every {param} of a path on each of its operations', async () => {
    const document = await openApi();
    const undeclared: string[] = [];
    for (const [documentPath, operations] of Object.entries(document.paths)) {
      const names = [...documentPath.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(operations)) {
        for (const name of names) {
          if (!operation.parameters?.some((parameter) => parameter.in === 'path' && parameter.name === name))
            undeclared.push(`${method} ${documentPath} {${name}}`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('describes the multipart bodies of the photo and avatar uploads', async () => {
    const document = await openApi();
    for (const documentPath of ['/ideas/{id}/photos', '/users/{id}/avatar']) {
      const body = document.paths[documentPath].post.requestBody;
      expect(body, documentPath).toBeDefined();
      const schema = body!.content['multipart/form-data']?.schema;
      expect(schema, documentPath).toMatchObject({
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', contentMediaType: expect.any(String) } },
      });
    }
  });
});
