import { z } from 'zod';
import { problem } from '../common';

// The building blocks of the API's description (lib/server/http/openapi.ts): each domain's file describes its paths
// with these, from the zod schemas the API validates with.

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

export const jsonSchema = (schema: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;

export function queryParameters(schema: z.ZodType) {
  const { properties = {}, required = [] } = jsonSchema(schema, 'input');
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

export const pathParameter = (name: string, schema: z.ZodType) => ({
  name,
  in: 'path',
  required: true,
  schema: jsonSchema(schema, 'input'),
});

/** The `{id}` of a path: a number or a hid. */
export const idParameter = pathParameter('id', z.string());

/** A required JSON body, described by the schema the route parses it with. */
export const jsonBody = (schema: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema: jsonSchema(schema, 'input') } },
});

export const localeHeader = {
  name: 'Locale',
  in: 'header',
  required: false,
  description: 'ru, en or zh-CN: language of localized fields (fallback ru)',
  schema: { type: 'string' },
};
export const localeQuery = {
  name: 'locale',
  in: 'query',
  required: false,
  description: 'Overrides the Locale header',
  schema: { type: 'string', enum: ['ru', 'en', 'zh-CN', 'cn'] },
};

export const ok = (schema: z.ZodType, description = 'OK') => ({
  description,
  content: { 'application/json': { schema: jsonSchema(schema) } },
});
export const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: jsonSchema(problem) } },
});

export const errors = {
  '422': problemResponse('Invalid parameter (errors name the fields)'),
  '503': problemResponse('Service mode'),
};

export function get(
  summary: string,
  response: z.ZodType,
  parameters: unknown[] = [],
  extra: Record<string, unknown> = {},
) {
  return {
    get: {
      summary,
      parameters: [localeHeader, localeQuery, ...parameters],
      responses: { '200': ok(response), ...errors, ...extra },
    },
  };
}

export function post(
  summary: string,
  body: z.ZodType | null,
  response: z.ZodType | null,
  extra: Record<string, unknown> = {},
  parameters: unknown[] = [],
) {
  return {
    post: {
      summary,
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: jsonBody(body) } : {}),
      responses: { ...(response ? { '200': ok(response) } : { '204': { description: 'Done' } }), ...errors, ...extra },
    },
  };
}

/** The body of a picture upload: one field `file`, at most 10 MB (the whole body at most 10 MB + 64 KB). */
export const imageUpload = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: {
            type: 'string',
            contentMediaType: 'application/octet-stream',
            description: 'A JPEG, PNG or WebP picture (recognised by its content), at most 10 MB',
          },
        },
      },
    },
  },
};

export const unauthorized = { '401': problemResponse('No valid session or token') };
export const owners = {
  ...unauthorized,
  '403': problemResponse('Not your account'),
  '404': problemResponse('Unknown'),
};
/** A user's own lists (bookings, favourites): another user and no user answer alike, so no user id can be probed. */
export const ownLists = {
  ...unauthorized,
  '403': problemResponse('Not your account (or no such user)'),
};
