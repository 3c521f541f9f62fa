import type { PhoneVerificationResource, TokenResponse } from '@/lib/contract/auth';
import type { SessionUser } from '@/lib/store/app-store';
import { apiClient } from './client';

export interface EmailCredentials {
  email: string;
  password: string;
}

export interface Registration extends EmailCredentials {
  name: string;
  passwordConfirm: string;
  acceptPolicy: boolean;
}

/** `locale`, the site's, becomes the language of the account's emails. */
export async function login(credentials: EmailCredentials, locale?: string): Promise<string> {
  return (
    await apiClient.post<TokenResponse>('/auth/login', credentials, locale ? { headers: { Locale: locale } } : {})
  ).data.token;
}

export async function register(registration: Registration, locale?: string): Promise<string> {
  return (
    await apiClient.post<TokenResponse>('/auth/register', registration, locale ? { headers: { Locale: locale } } : {})
  ).data.token;
}

/** Asks for a password-reset link; the answer is the same whether or not the email has an account. */
export async function forgotPassword(email: string, locale: string): Promise<void> {
  await apiClient.post('/auth/password/forgot', { email }, { headers: { Locale: locale } });
}

export async function resetPassword(body: { token: string; password: string; passwordConfirm: string }): Promise<void> {
  await apiClient.post('/auth/password/reset', body);
}

/** A new access token from the refresh cookie (which the answer rotates). */
export async function refresh(): Promise<string> {
  return (await apiClient.post<TokenResponse>('/auth/refresh')).data.token;
}

export async function logout(): Promise<void> {
  await apiClient.post('/auth/logout');
}

/** The current user of a token (passed explicitly: the token is not the client's until this succeeds). */
export async function currentUser(token: string): Promise<SessionUser> {
  return (
    await apiClient.post<{ data: SessionUser }>('/auth/me', null, { headers: { Authorization: `Bearer ${token}` } })
  ).data.data;
}

export async function requestPhoneCode(phone: string, locale: string): Promise<PhoneVerificationResource> {
  const response = await apiClient.post<{ phone_verification: PhoneVerificationResource }>(
    '/auth/phoneVerification/create',
    { phone },
    { headers: { Locale: locale } },
  );
  return response.data.phone_verification;
}

/** The verification this browser started, or null when none is in progress. */
export async function currentPhoneVerification(): Promise<PhoneVerificationResource | null> {
  return (await apiClient.get<{ phone_verification: PhoneVerificationResource | null }>('/auth/phoneVerification')).data
    .phone_verification;
}

export async function checkPhoneCode(id: string, code: string): Promise<string> {
  return (await apiClient.post<TokenResponse>('/auth/phoneVerification/checkCode', { id, code })).data.token;
}
