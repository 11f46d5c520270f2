import type { AuthOptions, Country, DeviceSession, DeviceSessionList, MessageAnswer, RecoveryCodesAnswer, TwoFactorSetup, TwoFactorStatus, Language, UpdateUserInput, UserView } from '@app/shared';
import { ApiError, apiFetch } from '../../../lib/api';

/**
 * A refusal from a sign-in call; twoFactorRequired asks the user for an authenticator code,
 * passkeyAvailable says one of the account's passkeys may be used instead.
 */
export class SignInError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly twoFactorRequired: boolean,
    readonly passkeyAvailable = false,
  ) {
    super(status, message);
    this.name = 'SignInError';
  }
}

/**
 * POST for the sign-in endpoints, whose refusals may carry `twoFactorRequired` besides the
 * message (apiFetch keeps only the message).
 */
async function signInCall(path: string, body: unknown): Promise<UserView> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let data: { message?: unknown; twoFactorRequired?: unknown; passkeyAvailable?: unknown } | undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const message = typeof data?.message === 'string' ? data.message : `Request failed (${response.status})`;
    throw new SignInError(response.status, message, data?.twoFactorRequired === true, data?.passkeyAvailable === true);
  }
  return data as unknown as UserView;
}

export type { Country, DeviceSession };

const enc = encodeURIComponent;

export const authApi = {
  register: (body: { name: string; email: string; password: string; phone: string; country: string; referralCode?: string; language?: Language }) =>
    apiFetch<UserView>('/api/users/register', { method: 'POST', body }),
  login: (body: { email: string; password: string; twoFactorCode?: string }) => signInCall('/api/users/login', body),
  google: (body: { credential: string; twoFactorCode?: string }) => signInCall('/api/users/google/callback', body),
  loginWithCode: (email: string, loginCode: string) =>
    apiFetch<UserView>(`/api/users/loginWithCode/${enc(email)}`, { method: 'POST', body: { loginCode } }),
  sendLoginCode: (email: string) => apiFetch<MessageAnswer>(`/api/users/sendLoginCode/${enc(email)}`, { method: 'POST' }),
  updateUser: (body: UpdateUserInput) =>
    apiFetch<UserView>('/api/users/updateUser', { method: 'PATCH', body }),
  uploadPhoto: (file: File) => {
    const form = new FormData();
    form.append('photo', file);
    return apiFetch<UserView>('/api/users/uploadPhoto', { method: 'POST', body: form });
  },
  sendVerificationEmail: () => apiFetch<MessageAnswer>('/api/users/sendVerificationEmail', { method: 'POST' }),
  verifyUser: (token: string) => apiFetch<MessageAnswer>(`/api/users/verifyUser/${enc(token)}`, { method: 'PATCH' }),
  changePassword: (body: { oldPassword: string; password: string }) =>
    apiFetch<MessageAnswer>('/api/users/changePassword', { method: 'PATCH', body }),
  forgotPassword: (email: string) => apiFetch<MessageAnswer>('/api/users/forgotPassword', { method: 'POST', body: { email } }),
  resetPassword: (token: string, password: string) =>
    apiFetch<MessageAnswer>(`/api/users/resetPassword/${enc(token)}`, { method: 'PATCH', body: { password } }),
  countries: () => apiFetch<Country[]>('/api/countries'),
  authOptions: () => apiFetch<AuthOptions>('/api/users/auth-options'),
  sessions: () => apiFetch<DeviceSessionList>('/api/users/sessions'),
  revokeSession: (id: string) => apiFetch<MessageAnswer>(`/api/users/sessions/${enc(id)}`, { method: 'DELETE' }),
  logoutEverywhere: () => apiFetch<MessageAnswer>('/api/users/logout-everywhere', { method: 'POST' }),
  twoFactorStatus: () => apiFetch<TwoFactorStatus>('/api/users/2fa'),
  twoFactorSetup: () => apiFetch<TwoFactorSetup>('/api/users/2fa/setup', { method: 'POST' }),
  twoFactorEnable: (code: string) =>
    apiFetch<RecoveryCodesAnswer>('/api/users/2fa/enable', { method: 'POST', body: { code } }),
  twoFactorDisable: (password: string, code: string) =>
    apiFetch<MessageAnswer>('/api/users/2fa/disable', { method: 'POST', body: { password, code } }),
  recoveryCodes: (code: string) =>
    apiFetch<RecoveryCodesAnswer>('/api/users/2fa/recovery-codes', { method: 'POST', body: { code } }),
};
