import { z } from 'zod';
import { emailField, requiredString } from './common';

/**
 * Passkeys (WebAuthn, ADR 0017): every request and answer of /api/users/passkeys, shared by
 * the server routes and the web. The credential shapes are WebAuthn's JSON encoding as
 * @simplewebauthn/browser produces it.
 */

export const PASSKEY_NAME_MAX = 60;
/** An account keeps at most this many passkeys. */
export const PASSKEYS_PER_ACCOUNT_MAX = 20;
/** Removing a passkey needs a sign-in or a fresh check (password or passkey) this recent. */
export const PASSKEY_RECENT_AUTH_MINUTES = 10;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Please give this passkey a name',
  nameTooLong: `A passkey name may be at most ${PASSKEY_NAME_MAX} characters`,
  malformed: 'The passkey answer is malformed. Please try again.',
} as const;

const base64url = (max: number) =>
  z
    .string({ error: PASSKEY_MESSAGES.malformed })
    .max(max, PASSKEY_MESSAGES.malformed)
    .regex(/^[A-Za-z0-9_-]*$/, PASSKEY_MESSAGES.malformed);

const transportsField = z.array(z.string().max(32)).max(10);
const attachmentField = z.enum(['platform', 'cross-platform']);
/** Extension outputs: only credProps is read (whether the credential is discoverable); others are dropped. */
const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** A credential in WebAuthn's JSON encoding: what both ceremonies answer around their own `response` fields. */
const credentialSchema = <Response extends z.core.$ZodShape>(response: Response) =>
  z.object(
    {
      id: base64url(1400).min(1, PASSKEY_MESSAGES.malformed),
      rawId: base64url(1400).min(1, PASSKEY_MESSAGES.malformed),
      type: z.literal('public-key', { error: PASSKEY_MESSAGES.malformed }),
      response: z.object(response, { error: PASSKEY_MESSAGES.malformed }),
      authenticatorAttachment: attachmentField.optional(),
      clientExtensionResults,
    },
    { error: PASSKEY_MESSAGES.malformed },
  );

/** The answer of navigator.credentials.create() (startRegistration). */
export const registrationResponseSchema = credentialSchema({
  clientDataJSON: base64url(10_000),
  attestationObject: base64url(100_000),
  authenticatorData: base64url(100_000).optional(),
  transports: transportsField.optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: base64url(10_000).optional(),
});
export type RegistrationResponseInput = z.infer<typeof registrationResponseSchema>;

/** The answer of navigator.credentials.get() (startAuthentication). */
export const authenticationResponseSchema = credentialSchema({
  clientDataJSON: base64url(10_000),
  authenticatorData: base64url(10_000),
  signature: base64url(10_000),
  userHandle: base64url(200).optional(),
});
export type AuthenticationResponseInput = z.infer<typeof authenticationResponseSchema>;

export const passkeyNameField = requiredString(PASSKEY_MESSAGES.nameRequired, 200).pipe(
  z.string().max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong),
);

/** Add or rename: the name shown in the list. */
export const passkeyNameSchema = z.object({ name: passkeyNameField });
export type PasskeyNameInput = z.input<typeof passkeyNameSchema>;

// ---------- requests

export const passkeyRegisterVerifySchema = z.object({ name: passkeyNameField, response: registrationResponseSchema });
export type PasskeyRegisterVerifyInput = z.input<typeof passkeyRegisterVerifySchema>;

/**
 * Sign-in options. With `email` (the two-factor step after a correct password), only a passkey
 * of that account is accepted; without, any registered passkey signs its own account in.
 */
export const passkeyLoginOptionsSchema = z.object({ email: emailField().optional() });
export type PasskeyLoginOptionsInput = z.input<typeof passkeyLoginOptionsSchema>;

export const passkeyLoginVerifySchema = z.object({ response: authenticationResponseSchema });
export type PasskeyLoginVerifyInput = z.input<typeof passkeyLoginVerifySchema>;

/** Confirm it is you with the password (the form in the remove dialog). */
export const passkeyReauthPasswordSchema = z.object({ password: z.string().min(1, 'Please enter your password').max(256) });
export type PasskeyReauthPasswordInput = z.input<typeof passkeyReauthPasswordSchema>;

/** Confirm it is you again: the password, or a passkey's answer to reauth/options. */
export const passkeyReauthSchema = z.union([passkeyReauthPasswordSchema, z.object({ response: authenticationResponseSchema })], {
  error: 'Enter your password or use a passkey',
});
export type PasskeyReauthInput = z.input<typeof passkeyReauthSchema>;

// ---------- answers

const descriptor = z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() });

/** PublicKeyCredentialCreationOptionsJSON, for startRegistration({ optionsJSON }). */
export const passkeyRegistrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: attachmentField.optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  extensions: z.looseObject({}).optional(),
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** PublicKeyCredentialRequestOptionsJSON, for startAuthentication({ optionsJSON }). */
export const passkeyAuthenticationOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  extensions: z.looseObject({}).optional(),
});
export type PasskeyAuthenticationOptions = z.infer<typeof passkeyAuthenticationOptionsSchema>;

export const passkeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced between the owner's devices (multiDevice) or bound to one authenticator. */
  synced: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyViewSchema>;

export const passkeyListSchema = z.object({
  passkeys: z.array(passkeyViewSchema),
  /** Until when this session may remove a passkey without confirming again (null: confirm first). */
  recentAuthUntil: z.string().nullable(),
  /** Whether the password can confirm it is you (accounts made with Google may have none). */
  hasPassword: z.boolean(),
});
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const passkeyReauthAnswerSchema = z.object({ message: z.string(), recentAuthUntil: z.string() });
export type PasskeyReauthAnswer = z.infer<typeof passkeyReauthAnswerSchema>;

/** A refusal that asks the client to confirm it is you (password or passkey) and try again. */
export const passkeyReauthRefusalSchema = z.object({ message: z.string(), reauthRequired: z.literal(true) });
