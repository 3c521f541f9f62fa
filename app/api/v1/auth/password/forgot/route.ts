import { NextResponse } from 'next/server';
import { forgotPasswordBody } from '@/lib/contract/auth';
import { requestPasswordReset } from '@/lib/server/accounts/password-reset';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { clientInfo } from '@/lib/server/accounts/session-response';

/** 202 whether or not the email has an account; the link goes to the account's email. */
export const POST = apiRoute(async ({ request, language }) => {
  const { email } = await readJson(request, forgotPasswordBody);
  await requestPasswordReset(email, clientInfo(request), language);
  return NextResponse.json({ data: { accepted: true } }, { status: 202, headers: { 'cache-control': 'no-store' } });
});
