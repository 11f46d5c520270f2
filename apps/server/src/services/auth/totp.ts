import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { TwoFactorSetup } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { recoveryCodes, userTotp } from '../../db/schema';
import { hashToken } from '../../lib/crypto';
import { badRequest, conflict } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { storedPasswordHash } from './accounts';
import type { SessionUser } from './sessions';

const ISSUER = 'Vaultline';
const PERIOD_SECONDS = 30;
/** Codes of the previous and next 30-second step are accepted (clock drift). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function encrypt(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

function decrypt(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

function totpFor(secretBase32: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The 30-second step a TOTP code was accepted for, or null. Does not record it. */
function matchingStep(deps: AppDeps, secretBase32: string, code: string): number | null {
  // otpauth compares bytes with timingSafeEqual, which throws for a same-length non-ASCII token.
  if (!/^\d{6}$/.test(code)) return null;
  const nowMs = deps.now().getTime();
  const totp = totpFor(secretBase32, 'check');
  const delta = totp.validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** Starts set-up: a fresh secret (replacing an unconfirmed one), shown once as a QR code. */
export async function startTwoFactorSetup(deps: AppDeps, user: SessionUser): Promise<TwoFactorSetup> {
  const [existing] = await deps.db.select().from(userTotp).where(eq(userTotp.userId, user.id)).limit(1);
  if (existing?.enabledAt) throw conflict('Two-factor authentication is already on');
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const secretEnc = encrypt(deps.keys.totp, secret);
  await deps.db
    .insert(userTotp)
    .values({ userId: user.id, secretEnc, createdAt: deps.now(), lastStep: 0 })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secretEnc, createdAt: deps.now(), lastStep: 0, enabledAt: null } });
  const otpauthUrl = totpFor(secret, user.email).toString();
  const { default: QRCode } = await import('qrcode');
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { secret, otpauthUrl, qrCodeDataUrl };
}

async function replaceRecoveryCodes(deps: AppDeps, tx: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashToken(normaliseRecoveryCode(code)), createdAt: deps.now() })));
  return codes;
}

/** Confirms set-up with a first code; answers the recovery codes (shown once). */
export async function enableTwoFactor(deps: AppDeps, user: SessionUser, code: string): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(userTotp).where(eq(userTotp.userId, user.id)).limit(1).for('update');
    if (!row) throw badRequest('Start two-factor set-up first');
    if (row.enabledAt) throw conflict('Two-factor authentication is already on');
    const step = matchingStep(deps, decrypt(deps.keys.totp, row.secretEnc), code.replace(/\s/g, ''));
    if (step === null) throw badRequest('Invalid two-factor code');
    await tx.update(userTotp).set({ enabledAt: deps.now(), lastStep: step }).where(eq(userTotp.userId, user.id));
    return replaceRecoveryCodes(deps, tx, user.id);
  });
}

/**
 * Checks a TOTP code (no replay: each 30-second step is accepted once) or an unused recovery
 * code (single use). Records the use in `db`.
 */
export async function verifySecondFactor(deps: AppDeps, db: DbOrTx, userId: string, rawCode: string): Promise<boolean> {
  const code = rawCode.replace(/\s/g, '');
  if (/^\d{6}$/.test(code)) {
    const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
    if (!row?.enabledAt) return false;
    const step = matchingStep(deps, decrypt(deps.keys.totp, row.secretEnc), code);
    if (step === null) return false;
    const updated = await db
      .update(userTotp)
      .set({ lastStep: step })
      .where(and(eq(userTotp.userId, userId), lt(userTotp.lastStep, step)))
      .returning({ userId: userTotp.userId });
    return updated.length === 1;
  }
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length !== 10) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: deps.now() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashToken(normalised)), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  return used.length === 1;
}

/** Turns two-factor off; needs the password and a current code (or a recovery code). */
export async function disableTwoFactor(deps: AppDeps, user: SessionUser, password: string, code: string): Promise<void> {
  const passwordHash = await storedPasswordHash(deps.db, user.id);
  if (!passwordHash || !(await verifyPassword(passwordHash, password))) throw badRequest('Password is incorrect');
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(userTotp).where(eq(userTotp.userId, user.id)).limit(1).for('update');
    if (!row?.enabledAt) throw badRequest('Two-factor authentication is not on');
    if (!(await verifySecondFactor(deps, tx, user.id, code))) throw badRequest('Invalid two-factor code');
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
  });
}

/** New recovery codes (the old ones stop working); needs a current code. */
export async function regenerateRecoveryCodes(deps: AppDeps, user: SessionUser, code: string): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(userTotp).where(eq(userTotp.userId, user.id)).limit(1).for('update');
    if (!row?.enabledAt) throw badRequest('Two-factor authentication is not on');
    if (!(await verifySecondFactor(deps, tx, user.id, code))) throw badRequest('Invalid two-factor code');
    return replaceRecoveryCodes(deps, tx, user.id);
  });
}

/** How many unused recovery codes are left. */
export async function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .select({ usedAt: recoveryCodes.usedAt })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  return rows.filter((row) => !row.usedAt).length;
}
