import type { AccountEmailResource } from '@/lib/contract/email-confirmation';
import type { AccountPhoneResource } from '@/lib/contract/users';
import type { SessionUser } from '@/lib/store/app-store';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { apiClient } from './client';

/** GET /profiles/{hid}?include=user: the owner also gets email, phone and the about text per language. */
export interface ProfileResource {
  id: number;
  hid: string;
  type: 'profiles';
  attributes: { about: string; about_localized?: { ru?: string; en?: string; zh?: string } };
  relationships: { user?: { data: SessionUser } };
}

export async function fetchProfile(profileHid: string): Promise<ProfileResource> {
  return (await apiClient.get<{ data: ProfileResource }>(`/profiles/${profileHid}`, { params: { include: 'user' } }))
    .data.data;
}

/** PATCH /profiles/{hid}: sets the about text in one language, keeping the others. */
export async function updateProfile(
  profileHid: string,
  about: string,
  language: TextLanguage,
): Promise<ProfileResource> {
  return (await apiClient.patch<{ data: ProfileResource }>(`/profiles/${profileHid}`, { about: { [language]: about } }))
    .data.data;
}

export interface UserChanges {
  name?: string;
  /** Empty clears a spelling. */
  name_latin?: string;
  name_zh?: string;
  email?: string;
}

/** PATCH /users/{id}: answers the user as /auth/me does. */
export async function updateUser(userHid: string, changes: UserChanges): Promise<SessionUser> {
  return (await apiClient.patch<{ data: SessionUser }>(`/users/${userHid}`, changes)).data.data;
}

export type { AccountPhoneResource };

/** GET /users/{id}/phone: the confirmed number and the one waiting for its code. */
export async function fetchAccountPhone(userHid: string): Promise<AccountPhoneResource> {
  return (await apiClient.get<{ data: AccountPhoneResource }>(`/users/${userHid}/phone`)).data.data;
}

/** POST /users/{id}/phone: sends a code to the number, which waits until it is confirmed. */
export async function requestPhoneChange(userHid: string, phone: string): Promise<AccountPhoneResource> {
  return (await apiClient.post<{ data: AccountPhoneResource }>(`/users/${userHid}/phone`, { phone })).data.data;
}

/** POST /users/{id}/phone/confirm: the right code makes the waiting number the account's. */
export async function confirmPhoneChange(userHid: string, code: string): Promise<AccountPhoneResource> {
  return (await apiClient.post<{ data: AccountPhoneResource }>(`/users/${userHid}/phone/confirm`, { code })).data.data;
}

export interface PasswordChange {
  /** Left out by an account that has no password yet. */
  oldPassword?: string;
  password: string;
  passwordConfirm: string;
}

export async function changePassword(userHid: string, change: PasswordChange): Promise<void> {
  await apiClient.patch(`/users/${userHid}/setPassword`, change);
}

/** POST /users/{id}/avatar (multipart, field `file`): answers the user with the new image_url. */
export async function uploadAvatar(userHid: string, file: Blob): Promise<SessionUser> {
  const form = new FormData();
  form.append('file', file);
  return (await apiClient.post<{ data: SessionUser }>(`/users/${userHid}/avatar`, form)).data.data;
}

export type { AccountEmailResource };

/** GET /users/{id}/email: the confirmed email and the one waiting for its link. */
export async function fetchAccountEmail(userHid: string): Promise<AccountEmailResource> {
  return (await apiClient.get<{ data: AccountEmailResource }>(`/users/${userHid}/email`)).data.data;
}

/** POST /users/{id}/email: sends a confirmation link to the address, which waits until the link is opened. */
export async function requestEmailConfirmation(userHid: string, email: string): Promise<AccountEmailResource> {
  return (await apiClient.post<{ data: AccountEmailResource }>(`/users/${userHid}/email`, { email })).data.data;
}

/** POST /users/{id}/email/confirm: the link's token makes the waiting address the account's email. */
export async function confirmEmail(userHid: string, token: string): Promise<AccountEmailResource> {
  return (await apiClient.post<{ data: AccountEmailResource }>(`/users/${userHid}/email/confirm`, { token })).data.data;
}
