import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ledgerHolds, type AccountKind, type HoldPurpose, type JournalKind, type LedgerHoldRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { postJournal, type JournalInput } from './journal';

/** One journal moving an amount from one of the user's accounts to another. */
function postMove(tx: Tx, journal: Omit<JournalInput, 'postings'>, move: { from: AccountKind; to: AccountKind; amountCents: number }) {
  return postJournal(tx, {
    ...journal,
    postings: [
      { account: move.from, amountCents: -move.amountCents },
      { account: move.to, amountCents: move.amountCents },
    ],
  });
}

export interface PlaceHoldInput {
  userId: string;
  purpose: HoldPurpose;
  /** The request's id (withdrawal id, investment id); one hold per (purpose, reference). */
  reference: string;
  amountCents: number;
  journalKind: JournalKind;
  label: string;
  actorId?: string | null;
  at?: Date;
}

/**
 * Moves the amount from wallet to held (available drops, book balance does not). Refused
 * with 400 "Insufficient available balance" when the wallet does not cover it, however
 * many requests race: the wallet row's conditional update decides.
 */
export async function placeHold(tx: Tx, input: PlaceHoldInput): Promise<LedgerHoldRow> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new Error('A hold needs a positive amount');
  const { journalId } = await postMove(
    tx,
    {
      kind: input.journalKind,
      userId: input.userId,
      actorId: input.actorId ?? input.userId,
      label: input.label,
      reference: `${input.purpose}:${input.reference}`,
      at: input.at,
    },
    { from: 'wallet', to: 'held', amountCents: input.amountCents },
  );
  const [hold] = await tx
    .insert(ledgerHolds)
    .values({
      userId: input.userId,
      purpose: input.purpose,
      reference: input.reference,
      amountCents: input.amountCents,
      holdJournalId: journalId,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .returning();
  return hold!;
}

/** The guarded transition held -> settled | released; a second attempt gets 409. */
async function resolveHold(tx: Tx, purpose: HoldPurpose, reference: string, status: 'settled' | 'released'): Promise<LedgerHoldRow> {
  const [hold] = await tx
    .update(ledgerHolds)
    .set({ status, resolvedAt: sql`now()` })
    .where(and(eq(ledgerHolds.purpose, purpose), eq(ledgerHolds.reference, reference), eq(ledgerHolds.status, 'held')))
    .returning();
  if (!hold) throw new AppError(409, 'This request has already been decided');
  return hold;
}

export interface SettleHoldInput {
  purpose: HoldPurpose;
  reference: string;
  journalKind: JournalKind;
  /** Where the held money goes (besides the fee): received_funds for a withdrawal, invested for an investment. */
  to: AccountKind;
  /** Part of the hold taken as a fee (a separate 'fee' journal into fee_income). */
  feeCents?: number;
  label: string;
  feeLabel?: string;
  actorId?: string | null;
  at?: Date;
}

/** Settles a hold exactly once: held -> destination (and fee income). */
export async function settleHold(tx: Tx, input: SettleHoldInput): Promise<{ hold: LedgerHoldRow; journalId: number; feeJournalId?: number }> {
  const hold = await resolveHold(tx, input.purpose, input.reference, 'settled');
  const fee = input.feeCents ?? 0;
  if (!Number.isSafeInteger(fee) || fee < 0 || fee >= hold.amountCents) throw new Error('The fee must be smaller than the hold');
  const net = hold.amountCents - fee;
  const reference = `${input.purpose}:${input.reference}`;
  const header = { userId: hold.userId, actorId: input.actorId ?? null, reference, at: input.at };
  const { journalId } = await postMove(
    tx,
    { ...header, kind: input.journalKind, label: input.label },
    { from: 'held', to: input.to, amountCents: net },
  );
  let feeJournalId: number | undefined;
  if (fee > 0) {
    ({ journalId: feeJournalId } = await postMove(
      tx,
      { ...header, kind: 'fee', label: input.feeLabel ?? 'Fee' },
      { from: 'held', to: 'fee_income', amountCents: fee },
    ));
  }
  return { hold, journalId, feeJournalId };
}

export interface ReleaseHoldInput {
  purpose: HoldPurpose;
  reference: string;
  journalKind: JournalKind;
  label: string;
  actorId?: string | null;
  at?: Date;
}

/** Releases a hold exactly once: held -> wallet. */
export async function releaseHold(tx: Tx, input: ReleaseHoldInput): Promise<{ hold: LedgerHoldRow; journalId: number }> {
  const hold = await resolveHold(tx, input.purpose, input.reference, 'released');
  const { journalId } = await postMove(
    tx,
    {
      kind: input.journalKind,
      userId: hold.userId,
      actorId: input.actorId ?? null,
      label: input.label,
      reference: `${input.purpose}:${input.reference}`,
      at: input.at,
    },
    { from: 'held', to: 'wallet', amountCents: hold.amountCents },
  );
  return { hold, journalId };
}

export async function findHold(tx: Tx, purpose: HoldPurpose, reference: string): Promise<LedgerHoldRow | undefined> {
  const [hold] = await tx
    .select()
    .from(ledgerHolds)
    .where(and(eq(ledgerHolds.purpose, purpose), eq(ledgerHolds.reference, reference)))
    .limit(1);
  return hold;
}
