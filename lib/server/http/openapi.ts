import 'server-only';
import { z } from 'zod';
import {
  categoriesQuery,
  categoryResource,
  configSchema,
  currencyResource,
  ideaTypeResource,
  placeResource,
} from '@/lib/contract/catalog';
import { idParam, list, problem, single } from '@/lib/contract/common';
import { ideaQuery, ideaResource, ideasQuery } from '@/lib/contract/ideas';
import { ideaMarkersResponse } from '@/lib/contract/markers';
import { osmId, osmPlaceResource, osmSearchQuery, saveSelectedBody } from '@/lib/contract/osm';
import { suggestQuery, suggestions } from '@/lib/contract/search';
import { createBookingBody, userBookingsQuery } from '@/lib/contract/bookings';
import { favouriteIdsAnswer, favouritesQuery } from '@/lib/contract/favourites';
import {
  createReviewBody,
  hideReviewBody,
  replyBody,
  reviewResource,
  reviewsPage,
  reviewsQuery,
} from '@/lib/contract/reviews';
import { ideaTextsResponse, patchIdeaBody, refuseBody } from '@/lib/contract/own-ideas';
import { accountEmailResource, emailChangeBody, emailConfirmBody } from '@/lib/contract/email-confirmation';
import {
  accountPhoneResource,
  patchProfileBody,
  patchUserBody,
  phoneChangeBody,
  phoneConfirmBody,
  profileQuery,
  setPasswordBody,
} from '@/lib/contract/users';
import {
  checkCodeBody,
  forgotPasswordBody,
  loginBody,
  meResource,
  phoneVerificationCreateBody,
  phoneVerificationResource,
  registerBody,
  resetPasswordBody,
  tokenResponse,
} from '@/lib/contract/auth';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;

function queryParameters(schema: z.ZodType) {
  const { properties = {}, required = [] } = jsonSchema(schema, 'input');
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

const pathParameter = (name: string, schema: z.ZodType) => ({
  name,
  in: 'path',
  required: true,
  schema: jsonSchema(schema, 'input'),
});

const localeHeader = {
  name: 'Locale',
  in: 'header',
  required: false,
  description: 'ru, en or zh-CN: language of localized fields (fallback ru)',
  schema: { type: 'string' },
};
const localeQuery = {
  name: 'locale',
  in: 'query',
  required: false,
  description: 'Overrides the Locale header',
  schema: { type: 'string', enum: ['ru', 'en', 'zh-CN', 'cn'] },
};

const ok = (schema: z.ZodType, description = 'OK') => ({
  description,
  content: { 'application/json': { schema: jsonSchema(schema) } },
});
const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: jsonSchema(problem) } },
});

const errors = {
  '422': problemResponse('Invalid parameter (errors name the fields)'),
  '503': problemResponse('Service mode'),
};

function get(summary: string, response: z.ZodType, parameters: unknown[] = [], extra: Record<string, unknown> = {}) {
  return {
    get: {
      summary,
      parameters: [localeHeader, localeQuery, ...parameters],
      responses: { '200': ok(response), ...errors, ...extra },
    },
  };
}

function post(
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
      ...(body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body, 'input') } } } }
        : {}),
      responses: { ...(response ? { '200': ok(response) } : { '204': { description: 'Done' } }), ...errors, ...extra },
    },
  };
}

/** The body of a picture upload: one field `file`, at most 10 MB (the whole body at most 10 MB + 64 KB). */
const imageUpload = {
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

const unauthorized = { '401': problemResponse('No valid session or token') };
const owners = { ...unauthorized, '403': problemResponse('Not your account'), '404': problemResponse('Unknown') };

/** The API's own description (GET /api/v1/openapi.json), generated from the zod schemas it validates with. */
export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sopka API',
      version: '1.0.0',
      description: 'Trip ideas around Vladivostok and Primorye. Errors are RFC 9457 problem+json.',
    },
    servers: [{ url: '/api/v1' }],
    paths: {
      '/openapi.json': {
        get: {
          summary: 'This document',
          responses: {
            '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
      },
      '/config': {
        get: { summary: 'Service mode and enabled sign-in methods', responses: { '200': ok(configSchema) } },
      },
      '/categories': get('Categories', z.object({ data: z.array(categoryResource) }), queryParameters(categoriesQuery)),
      '/currencies': get('Currencies', z.object({ data: z.array(currencyResource) })),
      '/idea-types': get('Idea types (tour, activity …)', z.object({ data: z.array(ideaTypeResource) })),
      '/ideas': get(
        'Published ideas, filtered and paged (f=not-moderated: the moderation queue)',
        list(ideaResource),
        queryParameters(ideasQuery),
        {
          '401': problemResponse('Moderation queue without signing in'),
          '403': problemResponse('Moderation queue for a non-moderator'),
        },
      ),
      '/ideas/markers': get(
        'Every idea of the same filters as GET /ideas that has coordinates, as map pins (at most 500, in the listing order; page, limit and include are ignored)',
        ideaMarkersResponse,
        queryParameters(ideasQuery),
        {
          '401': problemResponse('Moderation queue without signing in'),
          '403': problemResponse('Moderation queue for a non-moderator'),
        },
      ),
      '/ideas/{id}': {
        ...get(
          'One idea by id or hid',
          single(ideaResource),
          [pathParameter('id', z.string()), ...queryParameters(ideaQuery)],
          {
            '404': problemResponse('Unknown or not visible to you'),
          },
        ),
        patch: {
          summary: 'Edit your idea (lists are replaced whole; a published idea goes back to moderation)',
          parameters: [pathParameter('id', z.string())],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(patchIdeaBody, 'input') } },
          },
          responses: {
            '200': ok(single(ideaResource)),
            ...errors,
            ...owners,
            '409': problemResponse('A date with bookings cannot be removed'),
          },
        },
        delete: {
          summary: 'Delete (author or moderator); bookings stay readable',
          parameters: [pathParameter('id', z.string())],
          responses: { '204': { description: 'Deleted' }, ...owners },
        },
      },
      '/ideas/{id}/texts': {
        get: {
          summary: "Every language of an idea's texts, for its editor (author or moderator)",
          parameters: [pathParameter('id', z.string())],
          responses: { '200': ok(ideaTextsResponse), ...owners },
        },
      },
      '/ideas/{id}/submit': {
        post: {
          summary:
            'Send a complete draft or refused idea to moderation (422 names what is missing, e.g. cancellation_policy, meeting_point)',
          parameters: [pathParameter('id', z.string())],
          responses: {
            '200': ok(single(ideaResource)),
            ...errors,
            ...owners,
            '409': problemResponse('Not a draft or refused idea'),
          },
        },
      },
      '/ideas/{id}/approve': {
        post: {
          summary: 'Moderators: publish an idea waiting for moderation',
          parameters: [pathParameter('id', z.string())],
          responses: {
            '200': ok(single(ideaResource)),
            ...owners,
            '409': problemResponse('Not waiting for moderation'),
          },
        },
      },
      '/ideas/{id}/refuse': post(
        'Moderators: refuse with a reason the author sees',
        refuseBody,
        single(ideaResource),
        { ...owners, '409': problemResponse('Not waiting for moderation') },
        [pathParameter('id', z.string())],
      ),
      '/ideas/{id}/photos': {
        post: {
          summary:
            'Add a photo (multipart field "file": JPEG, PNG or WebP by content, ≤ 10 MB; re-encoded, metadata stripped)',
          parameters: [pathParameter('id', z.string())],
          requestBody: imageUpload,
          responses: {
            '201': { description: 'The photo' },
            '413': problemResponse('Too large'),
            '415': problemResponse('Not multipart'),
            ...errors,
            ...owners,
          },
        },
      },
      '/users/{id}/avatar': {
        post: {
          summary: 'Set your avatar (multipart field "file")',
          parameters: [pathParameter('id', z.string())],
          requestBody: imageUpload,
          responses: {
            '200': ok(single(meResource)),
            '413': problemResponse('Too large'),
            '415': problemResponse('Not multipart'),
            ...errors,
            ...owners,
          },
        },
      },
      '/users/{id}/ideas': {
        ...get("A user's ideas (every status for the author, published for others)", list(ideaResource), [
          pathParameter('id', z.string()),
          ...queryParameters(ideasQuery),
        ]),
        post: {
          summary:
            'Create a draft owned by you with the fields of its first save (the body of PATCH /ideas/{id}); ' +
            'a refused body creates nothing',
          parameters: [pathParameter('id', z.string())],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(patchIdeaBody, 'input') } },
          },
          responses: { '201': ok(single(ideaResource)), ...errors, ...owners },
        },
      },
      '/users/{id}/ideas/createAndGetEmpty': {
        get: {
          summary: 'Create an empty draft owned by you (kept for API clients; the office creates on first save)',
          parameters: [pathParameter('id', z.string())],
          responses: { '201': ok(single(ideaResource)), ...owners },
        },
      },
      '/places': get('Top-level places (10)', z.object({ data: z.array(placeResource) })),
      '/places/popular': get('Popular places (10)', z.object({ data: z.array(placeResource) })),
      '/places/{id}/children': get(
        'Places directly under a place',
        z.object({ data: z.array(placeResource) }),
        [pathParameter('id', idParam)],
        {
          '404': problemResponse('Unknown place'),
        },
      ),
      '/auth/register': post(
        'Create an account and sign in (sets the sopka_session refresh cookie)',
        registerBody,
        tokenResponse,
        { '429': problemResponse('Too many attempts') },
      ),
      '/auth/login': post(
        'Sign in with email and password (sets the sopka_session refresh cookie)',
        loginBody,
        tokenResponse,
        { '429': problemResponse('Too many attempts') },
      ),
      '/auth/password/forgot': {
        post: {
          summary:
            'Email a password-reset link (valid 1 hour, single use) to the account of this email, if there is one; ' +
            'the answer is 202 either way',
          parameters: [localeHeader],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(forgotPasswordBody, 'input') } },
          },
          responses: {
            '202': ok(z.object({ data: z.object({ accepted: z.literal(true) }) }), 'Accepted'),
            ...errors,
            '403': problemResponse('Email sign-in (and with it password recovery) is switched off'),
            '429': problemResponse('Too many requests for this client or this email'),
          },
        },
      },
      '/auth/password/reset': post(
        'Set a new password with the token of a reset link; every session and access token of the account ends. ' +
          'A used, expired or unknown token is a 422 naming it (errors.token)',
        resetPasswordBody,
        z.object({ data: z.object({ reset: z.literal(true) }) }),
        {
          '403': problemResponse('Email sign-in (and with it password recovery) is switched off'),
          '429': problemResponse('Too many attempts'),
        },
      ),
      '/auth/refresh': post(
        'Rotate the refresh cookie and get a new access token; a reused token closes the session',
        null,
        tokenResponse,
        unauthorized,
      ),
      '/auth/logout': post(
        "Revoke the cookie's session and the one the bearer token names (its sid), and clear the cookie",
        null,
        null,
      ),
      '/auth/me': post('The signed-in user (Authorization: Bearer)', null, single(meResource), unauthorized),
      '/auth/phoneVerification/create': post(
        'Send a 6-digit sign-in code by SMS (valid 5 min, resend after 60 s)',
        phoneVerificationCreateBody,
        z.object({ phone_verification: phoneVerificationResource }),
        {
          '403': problemResponse('Phone sign-in is switched off'),
          '429': problemResponse('Too soon or too many codes'),
        },
      ),
      '/auth/phoneVerification/checkCode': post(
        'Check the code (5 attempts); the right one signs in, creating the user the first time',
        checkCodeBody,
        tokenResponse,
      ),
      '/auth/phoneVerification': {
        get: {
          summary: 'The verification this browser started',
          responses: {
            '200': ok(z.object({ phone_verification: phoneVerificationResource.nullable() })),
          },
        },
      },
      '/profiles/{hid}': {
        ...get(
          'A profile (email and phone only for its owner)',
          z.object({ data: z.unknown() }),
          [pathParameter('hid', z.string()), ...queryParameters(profileQuery)],
          { '404': problemResponse('Unknown profile') },
        ),
        patch: {
          summary: 'Change your profile',
          parameters: [pathParameter('hid', z.string())],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(patchProfileBody, 'input') } },
          },
          responses: { '200': { description: 'The profile' }, ...errors, ...owners },
        },
      },
      '/users/{id}': {
        patch: {
          summary:
            'Change your name or the language of your emails (an email is attached through /users/{id}/email, a phone number through /users/{id}/phone)',
          parameters: [pathParameter('id', z.string())],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(patchUserBody, 'input') } },
          },
          responses: { '200': ok(single(meResource)), ...errors, ...owners },
        },
      },
      '/users/{id}/phone': {
        get: {
          summary: 'Your confirmed phone number (the one phone sign-in finds) and the one waiting for its code',
          parameters: [pathParameter('id', z.string())],
          responses: { '200': ok(single(accountPhoneResource)), ...owners },
        },
        post: {
          summary:
            'Send a code (6 digits, 5 minutes, 5 attempts) to a new number, which waits unconfirmed and is never used for sign-in until the code comes back',
          parameters: [pathParameter('id', z.string())],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(phoneChangeBody, 'input') } },
          },
          responses: {
            '200': ok(single(accountPhoneResource)),
            '422': problemResponse('Invalid number, already yours, or confirmed by another account (errors.phone)'),
            '429': problemResponse('Too soon (one code a minute) or too many codes'),
            ...owners,
          },
        },
      },
      '/users/{id}/phone/confirm': {
        post: {
          summary: "Confirm the waiting number with its code: it becomes the account's number",
          parameters: [pathParameter('id', z.string())],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(phoneConfirmBody, 'input') } },
          },
          responses: {
            '200': ok(single(accountPhoneResource)),
            '422': problemResponse(
              'Wrong code (errors.code says how many attempts are left), expired, or the number was confirmed by another account (errors.phone)',
            ),
            '429': problemResponse('Too many attempts'),
            ...owners,
          },
        },
      },
      '/users/{id}/email': {
        get: {
          summary:
            'Your confirmed email (the only address Sopka mails, and the one email sign-in finds) and the one waiting for its link; `me` names your own account',
          parameters: [pathParameter('id', z.string())],
          responses: { '200': ok(single(accountEmailResource)), ...owners },
        },
        post: {
          summary:
            'Email a confirmation link (valid 24 h, once, for this account only) to an address, which waits unconfirmed and is sent nothing else until the link is opened',
          parameters: [pathParameter('id', z.string())],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(emailChangeBody, 'input') } },
          },
          responses: {
            '200': ok(single(accountEmailResource)),
            '422': problemResponse('Invalid address, already yours, or the email of another account (errors.email)'),
            '429': problemResponse(
              'Too soon (one link a minute) or too many links (5 an hour per account, 3 an hour per address); Retry-After says when',
            ),
            ...owners,
          },
        },
      },
      '/users/{id}/email/confirm': {
        post: {
          summary: "Confirm the waiting address with the token of its link: it becomes the account's email",
          parameters: [pathParameter('id', z.string())],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(emailConfirmBody, 'input') } },
          },
          responses: {
            '200': ok(single(accountEmailResource)),
            '422': problemResponse(
              "The link is not valid for this account, has expired or was used (errors.token), or the address became another account's meanwhile (errors.email)",
            ),
            '429': problemResponse('Too many attempts'),
            ...owners,
          },
        },
      },
      '/users/{id}/setPassword': {
        patch: {
          summary: 'Change your password (old one required when set)',
          parameters: [pathParameter('id', z.string())],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(setPasswordBody, 'input') } },
          },
          responses: { '200': { description: 'Changed' }, ...errors, ...owners },
        },
      },
      '/bookings': post(
        "Book seats on a departure (seats are taken atomically; 409 when too few); the booking keeps the idea's cancellation policy",
        createBookingBody,
        null,
        {
          '201': { description: 'The booking' },
          '409': problemResponse('Too few seats left, or the idea is your own'),
          '429': problemResponse(
            'Too many bookings and cancellations by this account (10 in 10 minutes, 3 an hour on one departure); Retry-After says when',
          ),
          ...unauthorized,
        },
      ),
      '/bookings/{hid}': {
        get: {
          summary: 'One booking (traveller, idea author or moderator)',
          parameters: [pathParameter('hid', z.string())],
          responses: { '200': { description: 'The booking' }, ...owners },
        },
      },
      '/bookings/{hid}/cancel': {
        post: {
          summary:
            "Cancel for free under the booking's own policy (until 24 h, 72 h or 7 days before the start); the seats go back",
          parameters: [pathParameter('hid', z.string())],
          responses: {
            '200': { description: 'The cancelled booking' },
            '409': problemResponse(
              'Already cancelled, started, non-refundable, or past its free-cancellation deadline (the detail says which)',
            ),
            ...owners,
          },
        },
      },
      '/ideas/{id}/reviews': {
        ...get(
          'Visible reviews of a published idea, newest first, with its rating in the meta',
          reviewsPage,
          [pathParameter('id', z.string()), ...queryParameters(reviewsQuery)],
          { '404': problemResponse('Unknown or unpublished idea') },
        ),
        ...post(
          'Review a trip: the booking’s traveller, once per booking, after the departure has ended (not cancelled)',
          createReviewBody,
          null,
          {
            '201': ok(single(reviewResource), 'The review'),
            ...unauthorized,
            '403': problemResponse('No completed booking of yours for this idea'),
            '404': problemResponse('Unknown or unpublished idea'),
            '409': problemResponse('This booking already has a review, or the idea is your own'),
          },
          [pathParameter('id', z.string())],
        ),
      },
      '/reviews/{hid}/reply': {
        put: {
          summary: 'The idea’s author replies to a review, once',
          parameters: [pathParameter('hid', z.string())],
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(replyBody, 'input') } } },
          responses: {
            '200': ok(single(reviewResource), 'The review with its reply'),
            ...errors,
            ...owners,
            '403': problemResponse('Not the author of the idea'),
            '409': problemResponse('Already replied'),
          },
        },
      },
      '/reviews/{hid}/hide': post(
        'Moderators: hide a review with a reason; the idea’s rating no longer counts it',
        hideReviewBody,
        single(reviewResource),
        {
          ...owners,
          '403': problemResponse('Not a moderator'),
          '409': problemResponse('Already hidden'),
        },
        [pathParameter('hid', z.string())],
      ),
      '/users/{id}/bookings': {
        get: {
          summary: 'Your bookings, or (as=author) bookings of your ideas',
          parameters: [pathParameter('id', z.string()), ...queryParameters(userBookingsQuery)],
          responses: { '200': { description: 'Bookings' }, ...owners },
        },
      },
      '/users/{id}/favourites': {
        get: {
          summary:
            'Your saved ideas that are published, as listing cards, newest saved first; with ids_only=1 the id and hid of every one (no paging)',
          parameters: [localeHeader, localeQuery, pathParameter('id', z.string()), ...queryParameters(favouritesQuery)],
          responses: {
            '200': {
              description: "A page of cards, or (ids_only=1) the saved ideas' ids",
              content: {
                'application/json': {
                  schema: { oneOf: [jsonSchema(list(ideaResource)), jsonSchema(favouriteIdsAnswer)] },
                },
              },
            },
            ...errors,
            ...owners,
          },
        },
      },
      '/users/{id}/favourites/{idea}': {
        put: {
          summary: 'Save a published idea (id or hid) to your favourites; saving it again changes nothing',
          parameters: [pathParameter('id', z.string()), pathParameter('idea', z.string())],
          responses: {
            '204': { description: 'Saved' },
            '409': problemResponse('Too many saved ideas'),
            ...errors,
            ...owners,
          },
        },
        delete: {
          summary: 'Remove an idea from your favourites; removing one that is not saved changes nothing',
          parameters: [pathParameter('id', z.string()), pathParameter('idea', z.string())],
          responses: { '204': { description: 'Removed' }, ...errors, ...owners },
        },
      },
      '/osm/saveSelected': post(
        'Signed in: keep a chosen map result as a place (once per OpenStreetMap id)',
        saveSelectedBody,
        single(placeResource),
        unauthorized,
      ),
      '/osm/search': get(
        'Places by name in any language (local, plus Nominatim when configured)',
        z.object({ data: z.array(z.union([placeResource, osmPlaceResource])) }),
        queryParameters(osmSearchQuery),
      ),
      '/search/suggest': get(
        "Suggestions for the search field: places, categories and idea titles starting with the letters typed (also in the other script), at most 5 of each, in the request's language",
        suggestions,
        queryParameters(suggestQuery),
      ),
      '/osm/{id}': get(
        'One place: local id or OpenStreetMap id (N123, W123, R123)',
        single(z.union([placeResource, osmPlaceResource])),
        [pathParameter('id', osmId)],
        {
          '404': problemResponse('Unknown place'),
        },
      ),
    },
  };
}
