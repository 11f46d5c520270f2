import type {
  AuthenticationResponseInput,
  PasskeyAuthenticationOptions,
  PasskeyList,
  PasskeyReauthAnswer,
  PasskeyReauthInput,
  PasskeyRegistrationOptions,
  PasskeyView,
  RegistrationResponseInput,
  UserView,
} from '@app/shared';
import { ApiError, apiFetch } from '../../../lib/api';

/** A refusal to remove a passkey until the user confirms it is them (password or passkey). */
export class ReauthRequiredError extends ApiError {
  constructor(message: string) {
    super(403, message);
    this.name = 'ReauthRequiredError';
  }
}

async function removeCall(id: string): Promise<{ message: string }> {
  const response = await fetch(`/api/users/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE', credentials: 'include' });
  const data = (await response.json().catch(() => ({}))) as { message?: unknown; reauthRequired?: unknown };
  const message = typeof data.message === 'string' ? data.message : `Request failed (${response.status})`;
  if (response.ok) return { message };
  if (data.reauthRequired === true) throw new ReauthRequiredError(message);
  throw new ApiError(response.status, message);
}

export const passkeysApi = {
  list: () => apiFetch<PasskeyList>('/api/users/passkeys'),
  registerOptions: () => apiFetch<PasskeyRegistrationOptions>('/api/users/passkeys/register/options', { method: 'POST', body: {} }),
  registerVerify: (body: { name: string; response: RegistrationResponseInput }) =>
    apiFetch<PasskeyView>('/api/users/passkeys/register/verify', { method: 'POST', body }),
  rename: (id: string, name: string) => apiFetch<PasskeyView>(`/api/users/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } }),
  remove: removeCall,
  loginOptions: (email?: string) =>
    apiFetch<PasskeyAuthenticationOptions>('/api/users/passkeys/login/options', { method: 'POST', body: email ? { email } : {} }),
  loginVerify: (response: AuthenticationResponseInput) => apiFetch<UserView>('/api/users/passkeys/login/verify', { method: 'POST', body: { response } }),
  reauthOptions: () => apiFetch<PasskeyAuthenticationOptions>('/api/users/passkeys/reauth/options', { method: 'POST', body: {} }),
  reauth: (body: PasskeyReauthInput) => apiFetch<PasskeyReauthAnswer>('/api/users/passkeys/reauth', { method: 'POST', body }),
};
