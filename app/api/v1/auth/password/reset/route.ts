import { NextResponse } from 'next/server';
import { resetPasswordBody } from '@/lib/contract/auth';
import { resetPassword } from '@/lib/server/accounts/password-reset';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/routes/api-route';
import { clientInfo } from '@/lib/server/accounts/session-response';

export const POST = apiRoute(async ({ request }) => {
  await resetPassword(await readJson(request, resetPasswordBody), clientInfo(request));
  return NextResponse.json({ data: { reset: true } }, { headers: { 'cache-control': 'no-store' } });
});
