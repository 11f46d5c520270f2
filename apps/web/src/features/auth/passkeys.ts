import type { PasskeyView, UserView } from '@app/shared';
import { ApiError, errorMessage } from '../../lib/api';
import { passkeysApi } from './api/passkeys-api';

/** Whether this browser can create and use passkeys (WebAuthn); the passkey UI is hidden where it cannot. */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** @simplewebauthn/browser is loaded only when a passkey is used. */
const webauthn = () => import('@simplewebauthn/browser');

/** A message for a failed passkey ceremony: the server's, or what the browser's refusal means. */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  const name = (error as { name?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'This device already holds a passkey for your account.';
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return 'The passkey request was cancelled or timed out.';
  }
  if (name === 'SecurityError') return 'Passkeys are not available on this address of the site.';
  return errorMessage(error, fallback);
}

/** Re-throws a ceremony failure with a message fit to show. */
async function ceremony<T>(run: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new Error(passkeyErrorMessage(error, fallback));
  }
}

/** Adds a passkey made by this device (or a phone or security key the browser offers). */
export function createPasskey(name: string): Promise<PasskeyView> {
  return ceremony(async () => {
    const optionsJSON = await passkeysApi.registerOptions();
    const { startRegistration } = await webauthn();
    const response = await startRegistration({ optionsJSON });
    return passkeysApi.registerVerify({ name, response });
  }, 'Could not add the passkey');
}

/** Signs in with a passkey; with `email` (the two-factor step), only a passkey of that account is accepted. */
export function signInWithPasskey(email?: string): Promise<UserView> {
  return ceremony(async () => {
    const optionsJSON = await passkeysApi.loginOptions(email);
    const { startAuthentication } = await webauthn();
    const response = await startAuthentication({ optionsJSON });
    return passkeysApi.loginVerify(response);
  }, 'Passkey sign-in failed');
}

/** Confirms it is you with one of the account's passkeys (before removing a passkey). */
export function confirmWithPasskey(): Promise<{ message: string; recentAuthUntil: string }> {
  return ceremony(async () => {
    const optionsJSON = await passkeysApi.reauthOptions();
    const { startAuthentication } = await webauthn();
    const response = await startAuthentication({ optionsJSON });
    return passkeysApi.reauth({ response });
  }, 'Could not confirm with a passkey');
}
