import { z } from 'zod';
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
} from '../auth';
import { single } from '../common';
import { localeHeader, ok, problemResponse, errors, post, unauthorized, jsonBody } from './helpers';

/** Signing in and out: passwords, refresh cookies, phone codes, password reset. */
export const authPaths = () => ({
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
      requestBody: jsonBody(forgotPasswordBody),
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
});
