import { z } from 'zod';
import { meResource } from '../auth';
import { single } from '../common';
import { accountEmailResource, emailChangeBody, emailConfirmBody } from '../email-confirmation';
import {
  accountPhoneResource,
  patchProfileBody,
  patchUserBody,
  phoneChangeBody,
  phoneConfirmBody,
  profileQuery,
  setPasswordBody,
} from '../users';
import {
  queryParameters,
  pathParameter,
  ok,
  problemResponse,
  errors,
  get,
  imageUpload,
  owners,
  idParameter,
  jsonBody,
} from './helpers';

/** A user's own account: profile, avatar, name, phone, email, password. */
export const userPaths = () => ({
  '/users/{id}/avatar': {
    post: {
      summary: 'Set your avatar (multipart field "file")',
      parameters: [idParameter],
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
      requestBody: jsonBody(patchProfileBody),
      responses: { '200': { description: 'The profile' }, ...errors, ...owners },
    },
  },
  '/users/{id}': {
    patch: {
      summary:
        'Change your name, its Latin and Chinese spellings (what English and Chinese pages show; 422 per field) or the language of your emails (an email is attached through /users/{id}/email, a phone number through /users/{id}/phone)',
      parameters: [idParameter],
      requestBody: jsonBody(patchUserBody),
      responses: { '200': ok(single(meResource)), ...errors, ...owners },
    },
  },
  '/users/{id}/phone': {
    get: {
      summary: 'Your confirmed phone number (the one phone sign-in finds) and the one waiting for its code',
      parameters: [idParameter],
      responses: { '200': ok(single(accountPhoneResource)), ...owners },
    },
    post: {
      summary:
        'Send a code (6 digits, 5 minutes, 5 attempts) to a new number, which waits unconfirmed and is never used for sign-in until the code comes back',
      parameters: [idParameter],
      requestBody: jsonBody(phoneChangeBody),
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
      parameters: [idParameter],
      requestBody: jsonBody(phoneConfirmBody),
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
      parameters: [idParameter],
      responses: { '200': ok(single(accountEmailResource)), ...owners },
    },
    post: {
      summary:
        'Email a confirmation link (valid 24 h, once, for this account only) to an address, which waits unconfirmed and is sent nothing else until the link is opened',
      parameters: [idParameter],
      requestBody: jsonBody(emailChangeBody),
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
      parameters: [idParameter],
      requestBody: jsonBody(emailConfirmBody),
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
      parameters: [idParameter],
      requestBody: jsonBody(setPasswordBody),
      responses: { '200': { description: 'Changed' }, ...errors, ...owners },
    },
  },
});
