import { NextResponse } from 'next/server';
import { unsubscribe } from '@/lib/server/accounts/unsubscribe-link';
import { apiRoute } from '@/lib/server/routes/api-route';

// RFC 8058: mail clients POST the link with `List-Unsubscribe=One-Click`; the link in the email's text is opened (GET).
export const POST = apiRoute(async ({ request }) => {
  await unsubscribe(request.nextUrl.searchParams.get('token'));
  return new NextResponse(null, { status: 204 });
});

const DONE_PAGE = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Sopka</title></head><body style="font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;line-height:1.5">
<h1 style="font-size:24px">Сопка</h1><p>Готово: письма об этом больше не придут. Включить их снова можно в настройках аккаунта.</p>
<p lang="en">Done: you will no longer get these emails. You can turn them on again in your account settings.</p>
<p lang="zh-CN">已完成：您将不再收到此类邮件。可在账户设置中重新开启。</p></body></html>`;

export const GET = apiRoute(async ({ request }) => {
  await unsubscribe(request.nextUrl.searchParams.get('token'));
  return new NextResponse(DONE_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } });
});
