import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { MAX_SAVED_WALLETS, type SavedWalletView } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { savedWallets, type SavedWalletRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { getSettings } from '../platform/settings';
import { withdrawableAsset } from './withdrawals';

/** A user's saved withdrawal addresses: at most two, one per slot. */

const toSavedWalletView = (row: SavedWalletRow): SavedWalletView => ({
  _id: row.id,
  asset: row.asset,
  address: row.address,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
});

export async function listSavedWallets(db: DbOrTx, userId: string): Promise<SavedWalletView[]> {
  const rows = await db.select().from(savedWallets).where(eq(savedWallets.userId, userId)).orderBy(asc(savedWallets.slot));
  return rows.map(toSavedWalletView);
}

const WALLETS_FULL = `You can save up to ${MAX_SAVED_WALLETS} wallet addresses. Delete one first.`;

/** Saves an address in a free slot; the (user, slot) unique index keeps it to two under any race. */
export async function saveWallet(db: DbOrTx, userId: string, input: { asset: string; address: string; label?: string | undefined }): Promise<SavedWalletView> {
  withdrawableAsset(await getSettings(db), input.asset);
  const existing = await listSavedWallets(db, userId);
  if (existing.some((wallet) => wallet.address === input.address && wallet.asset === input.asset)) {
    throw conflict('This wallet address is already saved');
  }
  const used = new Set((await db.select({ slot: savedWallets.slot }).from(savedWallets).where(eq(savedWallets.userId, userId))).map((row) => row.slot));
  const slot = [1, 2].find((candidate) => !used.has(candidate));
  if (!slot) throw conflict(WALLETS_FULL);
  try {
    const [row] = await db
      .insert(savedWallets)
      .values({ id: randomUUID(), userId, slot, asset: input.asset, address: input.address, label: input.label ?? '' })
      .returning();
    return toSavedWalletView(row!);
  } catch (error) {
    if (isUniqueViolation(error, 'saved_wallets_user_slot_unique')) throw conflict(WALLETS_FULL);
    throw error;
  }
}

export async function deleteSavedWallet(db: DbOrTx, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(savedWallets)
    .where(and(eq(savedWallets.id, id), eq(savedWallets.userId, userId)))
    .returning({ id: savedWallets.id });
  if (deleted.length === 0) throw notFound('Wallet address not found');
}
