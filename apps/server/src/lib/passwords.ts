import { hash, verify } from '@node-rs/argon2';
import { AUTH_MESSAGES } from '@app/shared';
import { badRequest } from './errors';

/** Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read. */
const ARGON2ID = 2;

/** argon2id, OWASP's recommended minimum (19 MiB, 2 passes). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * Whether a password is one of the 49,000 most common (@zxcvbn-ts's list, lowercased):
 * the first ones an attacker tries. The list loads on first use.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'] as string[]));
  return (await commonPasswords).has(password.toLowerCase());
}

/** The hash of a password being set (register, reset, change): 400 when it is a common one. */
export async function hashNewPassword(password: string): Promise<string> {
  if (await isCommonPassword(password)) throw badRequest(AUTH_MESSAGES.commonPassword);
  return hashPassword(password);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so a missing account is not given away by timing.
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
