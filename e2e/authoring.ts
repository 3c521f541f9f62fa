import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { MODERATOR, randomIp } from './support';

// Ideas made through the API for the journeys that need a fresh one: an author's submitted idea, and its approval.

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10) + 'T10:00:00+10:00';

/**
 * A fresh author's draft with a photo, complete (or, without `withTerms`, lacking only the cancellation policy and
 * the meeting point), made through the API. By default in Nakhodka, outside Vladivostok, whose listing other
 * journeys count.
 */
export async function draftIdea(
  request: APIRequestContext,
  title: string,
  { placeId = 5, categoryId = 6, authorName = 'Автор e2e', withTerms = true } = {},
) {
  const ip = { 'x-forwarded-for': randomIp() };
  const email = `author-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.sopka.travel`;
  const password = 'e2e-author-password';
  const registered = await request.post('/api/v1/auth/register', {
    headers: ip,
    data: { name: authorName, email, password, passwordConfirm: password, acceptPolicy: true },
  });
  expect(registered.status()).toBe(201);
  const auth = { ...ip, Authorization: `Bearer ${(await registered.json()).token}` };
  const me = (await (await request.post('/api/v1/auth/me', { headers: auth })).json()).data;
  const created = await request.get(`/api/v1/users/${me.hid}/ideas/createAndGetEmpty`, { headers: auth });
  const hid: string = (await created.json()).data.hid;
  const patched = await request.patch(`/api/v1/ideas/${hid}`, {
    headers: auth,
    data: {
      // Every language, like the seeded ideas.
      title: { ru: title, en: `Sunrise hill ${title}`, zh: `日出山丘 ${title}` },
      description: { ru: 'Прогулка по сопкам с видом на бухту и чай у костра.' },
      category_id: categoryId,
      place_id: placeId,
      price: 1900,
      languages: ['ru'],
      dates: [{ starts_at: inDays(12), seats_total: 10 }],
      itinerary: [{ title: { ru: 'Встреча у остановки' }, duration_minutes: 30 }],
      ...(withTerms
        ? {
            cancellation_policy: 'free_24h',
            meeting_point: { ru: 'У остановки «Площадь»', en: 'At the Ploshchad stop' },
          }
        : {}),
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 120, b: 140 } } })
    .png()
    .toBuffer();
  const photo = await request.post(`/api/v1/ideas/${hid}/photos`, {
    headers: auth,
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: png } },
  });
  expect(photo.status(), await photo.text()).toBe(201);
  return { hid, auth, email, password, userHid: me.hid as string, profileHid: me.attributes.profile_hid as string };
}

/** A fresh author's complete idea, sent to moderation through the API; the moderator's side is what is tested. */
export async function submittedIdea(
  request: APIRequestContext,
  title: string,
  options: { placeId?: number; categoryId?: number; authorName?: string } = {},
) {
  const draft = await draftIdea(request, title, options);
  const submitted = await request.post(`/api/v1/ideas/${draft.hid}/submit`, { headers: draft.auth });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return draft;
}

/** Approval through the API, as the moderator. */
export async function approveIdea(request: APIRequestContext, hid: string) {
  const ip = { 'x-forwarded-for': randomIp() };
  const login = await request.post('/api/v1/auth/login', {
    headers: ip,
    data: { email: MODERATOR.email, password: MODERATOR.password },
  });
  const approved = await request.post(`/api/v1/ideas/${hid}/approve`, {
    headers: { ...ip, Authorization: `Bearer ${(await login.json()).token}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}
