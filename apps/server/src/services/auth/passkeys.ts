import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  PASSKEY_MESSAGES,
  PASSKEY_RECENT_AUTH_MINUTES,
  PASSKEYS_PER_ACCOUNT_MAX,
  type AuthenticationResponseInput,
  type PasskeyAuthenticationOptions,
  type PasskeyRegistrationOptions,
  type PasskeyView,
  type RegistrationResponseInput,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import {
  passkeys,
  sessionVerifications,
  webauthnChallenges,
  type PasskeyRow,
  type WebauthnChallengePurpose,
  type WebauthnChallengeRow,
} from '../../db/schema';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors';
import { localizedEmail } from '../../email/locales';
import { recordAudit, type AuditActor } from '../platform/audit';
import type { SessionUser } from './sessions';

/** How long a browser has to answer a challenge. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const RECENT_AUTH_MS = PASSKEY_RECENT_AUTH_MINUTES * 60 * 1000;
const RP_NAME = 'Vaultline';

export const PASSKEY_REFUSALS = {
  challengeGone: 'This passkey request has expired or was already used. Please try again.',
  unknown: 'This passkey is not registered here. Sign in another way, then add it in your profile (Security tab).',
  otherAccount: 'This passkey belongs to another account. Choose a passkey of the account you are signing in to.',
  notVerified: 'Your passkey could not be verified. Please try again.',
  counter: "This passkey's signature counter went backwards, which can mean it was copied. Sign in another way and remove it.",
  wrongSite: 'This passkey answer was made for another site address.',
  userNotVerified: 'Your device did not confirm it is you (PIN, fingerprint or face). Please try again.',
  reauthRequired: `For your security, confirm it is you (password or passkey) before removing a passkey. This is asked when you signed in more than ${PASSKEY_RECENT_AUTH_MINUTES} minutes ago.`,
  limit: `An account can keep up to ${PASSKEYS_PER_ACCOUNT_MAX} passkeys. Remove one first.`,
  duplicate: 'This passkey is already registered.',
  notFound: 'Passkey not found',
  noDomain: 'Passkeys need the site to be served under a domain name, and APP_URL names an IP address.',
  passwordIncorrect: 'Password is incorrect',
  noPassword: 'This account has no password: confirm with a passkey instead.',
  noPasskey: 'This account has no passkey yet: confirm with your password.',
} as const;

/** @simplewebauthn/server takes about 0.3 s to load: only the first passkey request pays it, not every start. */
const webauthn = () => import('@simplewebauthn/server');

/** A refusal that asks the client to confirm it is you and try again. */
export class ReauthRequiredError extends AppError {
  constructor() {
    super(403, PASSKEY_REFUSALS.reauthRequired);
  }
}

/** The relying party is the site at APP_URL: its hostname is the RP id, its origin the only accepted one. */
export function relyingParty(appUrl: string): { rpID: string; origin: string } {
  const url = new URL(appUrl);
  // WebAuthn refuses IP addresses as RP ids; localhost is allowed (a secure context even over http).
  if (/^\d+(\.\d+){3}$/.test(url.hostname) || url.hostname.startsWith('[')) throw badRequest(PASSKEY_REFUSALS.noDomain);
  return { rpID: url.hostname, origin: url.origin };
}

const bytes = (base64url: string) => new Uint8Array(Buffer.from(base64url, 'base64url'));

/** Whether the account has a passkey (the two-factor step then offers one). */
export async function hasPasskey(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return Boolean(row);
}

/** Whether a passkey was used in this session (signed in with one, or confirmed with one): staff two-factor. */
export async function sessionUsedPasskey(db: DbOrTx, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ passkeyAt: sessionVerifications.passkeyAt })
    .from(sessionVerifications)
    .where(eq(sessionVerifications.sessionId, sessionId))
    .limit(1);
  return Boolean(row?.passkeyAt);
}

/** Records a check made in this session (and that a passkey was used, when it was). */
export async function recordSessionVerification(db: DbOrTx, sessionId: string, at: Date, withPasskey: boolean): Promise<void> {
  const values = { sessionId, verifiedAt: at, passkeyAt: withPasskey ? at : null };
  await db
    .insert(sessionVerifications)
    .values(values)
    .onConflictDoUpdate({
      target: sessionVerifications.sessionId,
      set: withPasskey ? { verifiedAt: at, passkeyAt: at } : { verifiedAt: at },
    });
}

// ---------------------------------------------------------------- challenges

/** A fresh challenge for one ceremony, stored until used or expired. Expired ones are cleared on the way. */
export async function issueChallenge(
  deps: AppDeps,
  values: { purpose: WebauthnChallengePurpose; userId?: string | null; sessionId?: string; webauthnUserId?: string },
): Promise<string> {
  const now = deps.now();
  const challenge = randomBytes(32).toString('base64url');
  await deps.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await deps.db.insert(webauthnChallenges).values({
    challenge,
    purpose: values.purpose,
    userId: values.userId ?? null,
    sessionId: values.sessionId ?? null,
    webauthnUserId: values.webauthnUserId ?? null,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return challenge;
}

/** The challenge a browser signed, read from its clientDataJSON. */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    if (typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200) return challenge;
  } catch {
    // reported below
  }
  throw badRequest(PASSKEY_MESSAGES.malformed);
}

/**
 * Uses the challenge an answer was made for, once: deleting it is the claim, so two requests
 * with the same answer cannot both pass, on one instance or several. A challenge of another
 * purpose, user or session is not found; an expired one is gone all the same.
 */
export async function consumeChallenge(
  deps: AppDeps,
  clientDataJSON: string,
  purposes: WebauthnChallengePurpose[],
  owner?: { userId: string; sessionId: string },
): Promise<WebauthnChallengeRow> {
  const challenge = signedChallenge(clientDataJSON);
  const conditions = [eq(webauthnChallenges.challenge, challenge), inArray(webauthnChallenges.purpose, purposes)];
  if (owner) conditions.push(eq(webauthnChallenges.userId, owner.userId), eq(webauthnChallenges.sessionId, owner.sessionId));
  const [row] = await deps.db.delete(webauthnChallenges).where(and(...conditions)).returning();
  if (!row || row.expiresAt <= deps.now()) throw badRequest(PASSKEY_REFUSALS.challengeGone);
  return row;
}

/** A user-facing refusal for what @simplewebauthn/server found wrong with an answer. */
function refusalFor(deps: AppDeps, error: unknown, status: 400 | 401): AppError {
  if (error instanceof AppError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  deps.log.info({ reason: detail }, 'passkey answer refused');
  if (/counter value/i.test(detail)) return new AppError(status, PASSKEY_REFUSALS.counter);
  if (/origin|RP ID/i.test(detail)) return new AppError(status, PASSKEY_REFUSALS.wrongSite);
  if (/user verification|could not be verified|not present/i.test(detail)) return new AppError(status, PASSKEY_REFUSALS.userNotVerified);
  return new AppError(status, PASSKEY_REFUSALS.notVerified);
}

// ---------------------------------------------------------------- assertions

export interface VerifiedUse {
  newCounter: number;
  backedUp: boolean;
}

/** Checks a passkey's answer to a challenge: signature, origin, RP id, user verification, counter. */
export async function verifyAssertion(
  deps: AppDeps,
  passkey: PasskeyRow,
  response: AuthenticationResponseInput,
  expectedChallenge: string,
): Promise<VerifiedUse> {
  const { rpID, origin } = relyingParty(deps.config.appUrl);
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: passkey.credentialId, publicKey: bytes(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: true,
    });
    if (!result.verified) throw unauthorized(PASSKEY_REFUSALS.notVerified);
    return { newCounter: result.authenticationInfo.newCounter, backedUp: result.authenticationInfo.credentialBackedUp };
  } catch (error) {
    const refusal = refusalFor(deps, error, 401);
    if (refusal.message === PASSKEY_REFUSALS.counter) {
      // A valid signature with a counter that went back: a copied authenticator is possible. Kept for staff to see.
      await recordAudit(deps.db, { actorId: passkey.userId, impersonatorId: null, ip: null }, {
        action: 'passkey.counter-regressed',
        targetType: 'passkey',
        targetId: passkey.id,
        after: { storedCounter: passkey.counter },
      });
    }
    throw refusal;
  }
}

/**
 * Stores a verified use: the new counter (only forward, so two uses of one counter value,
 * however concurrent, do not both pass; counters that stay 0, as synced passkeys keep them,
 * are accepted) and the time.
 */
export async function recordPasskeyUse(deps: AppDeps, tx: DbOrTx, passkey: PasskeyRow, use: VerifiedUse): Promise<void> {
  const [updated] = await tx
    .update(passkeys)
    .set({ counter: use.newCounter, backedUp: use.backedUp, lastUsedAt: deps.now() })
    .where(
      and(
        eq(passkeys.id, passkey.id),
        use.newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, use.newCounter),
      ),
    )
    .returning({ id: passkeys.id });
  if (!updated) throw unauthorized(PASSKEY_REFUSALS.counter);
}

/** The stored passkey an answer names, or null. */
export async function passkeyByCredential(db: DbOrTx, response: AuthenticationResponseInput): Promise<PasskeyRow | null> {
  if (response.rawId !== response.id) throw badRequest(PASSKEY_MESSAGES.malformed);
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
  return row ?? null;
}

/** Options for navigator.credentials.get(): any discoverable passkey of this site, the user verified. */
export async function authenticationOptions(
  deps: AppDeps,
  challenge: string,
  allow: Pick<PasskeyRow, 'credentialId' | 'transports'>[] = [],
): Promise<PasskeyAuthenticationOptions> {
  const { rpID } = relyingParty(deps.config.appUrl);
  const { generateAuthenticationOptions } = await webauthn();
  // The library types a descriptor's type as any string; it is always 'public-key' (the schema checks it on the way out).
  const options = await generateAuthenticationOptions({
    rpID,
    challenge: bytes(challenge),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
    allowCredentials: allow.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
  });
  return options as PasskeyAuthenticationOptions;
}

// ---------------------------------------------------------------- registration

export async function passkeysOf(db: DbOrTx, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** Options for navigator.credentials.create(): a discoverable credential, the user verified, none registered twice. */
export async function registrationOptions(deps: AppDeps, user: SessionUser, sessionId: string): Promise<PasskeyRegistrationOptions> {
  const { rpID } = relyingParty(deps.config.appUrl);
  const existing = await passkeysOf(deps.db, user.id);
  if (existing.length >= PASSKEYS_PER_ACCOUNT_MAX) throw badRequest(PASSKEY_REFUSALS.limit);
  // One user handle per account, random: it says nothing about who the account is.
  const webauthnUserId = existing[0]?.webauthnUserId ?? randomBytes(32).toString('base64url');
  const challenge = await issueChallenge(deps, { purpose: 'register', userId: user.id, sessionId, webauthnUserId });
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: bytes(webauthnUserId),
    challenge: bytes(challenge),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return options as PasskeyRegistrationOptions;
}

export function passkeyView(row: PasskeyRow): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    synced: row.deviceType === 'multiDevice',
  };
}

export async function sendPasskeyEmail(deps: AppDeps, db: DbOrTx, user: SessionUser, change: 'added' | 'removed', name: string) {
  const texts = change === 'added' ? 'passkeyAdded' : 'passkeyRemoved';
  await deps.outbox.enqueue(
    db,
    localizedEmail(user, `passkey-${change}`, ({ t }) => ({
      subject: t(`${texts}.subject`),
      heading: t(`${texts}.heading`),
      paragraphs: [t(`${texts}.body`, { name }), t('common.securityNotYou')],
      action: { label: t('common.reviewSecurity'), url: `${deps.config.appUrl}/user-profile` },
    })),
  );
}

function constraintOf(error: unknown): string | undefined {
  const direct = (error as { constraint?: string }).constraint;
  return direct ?? (error as { cause?: { constraint?: string } }).cause?.constraint;
}

/** Verifies a new passkey made for this session's challenge and stores it. */
export async function registerPasskey(
  deps: AppDeps,
  actor: AuditActor,
  user: SessionUser,
  sessionId: string,
  input: { name: string; response: RegistrationResponseInput },
): Promise<PasskeyView> {
  const { rpID, origin } = relyingParty(deps.config.appUrl);
  const challenge = await consumeChallenge(deps, input.response.response.clientDataJSON, ['register'], { userId: user.id, sessionId });
  const { verifyRegistrationResponse } = await webauthn();
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    if (!result.verified) throw badRequest(PASSKEY_REFUSALS.notVerified);
    info = result.registrationInfo;
  } catch (error) {
    throw refusalFor(deps, error, 400);
  }
  const now = deps.now();
  const row: PasskeyRow = {
    id: randomUUID(),
    userId: user.id,
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: (input.response.response.transports ?? []).slice(0, 10),
    webauthnUserId: challenge.webauthnUserId!,
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    name: input.name,
    createdAt: now,
    lastUsedAt: null,
  };
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(passkeys).values(row);
      // As turning on an authenticator app does, a passkey added here counts as this session's second factor.
      await recordSessionVerification(tx, sessionId, now, true);
      await recordAudit(tx, actor, {
        action: 'passkey.register',
        targetType: 'passkey',
        targetId: row.id,
        after: { name: row.name, synced: row.deviceType === 'multiDevice', aaguid: info.aaguid },
      });
      await sendPasskeyEmail(deps, tx, user, 'added', row.name);
    });
  } catch (error) {
    if (constraintOf(error) === 'passkeys_credential_id_unique') throw conflict(PASSKEY_REFUSALS.duplicate);
    throw error;
  }
  return passkeyView(row);
}

/** A deleted account's passkeys go with its other personal data. */
export async function deletePasskeysOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
}
