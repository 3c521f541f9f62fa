import { NextResponse } from 'next/server';
import { phoneVerificationCreateBody } from '@/lib/contract/auth';
import { setVerificationCookie } from '@/lib/server/accounts/verification-cookie';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { clientInfo } from '@/lib/server/accounts/session-response';
import { createVerification } from '@/lib/server/accounts/phone-auth';

export const POST = apiRoute(async ({ request, language }) => {
  const { phone } = await readJson(request, phoneVerificationCreateBody);
  const body = await createVerification(phone, language, clientInfo(request));
  const response = NextResponse.json(body, { status: 201, headers: { 'cache-control': 'no-store' } });
  setVerificationCookie(response, body.phone_verification.id);
  return response;
});
