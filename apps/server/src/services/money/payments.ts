import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { formatCents, formatUnits, formatUsd, networkOfAsset, type ChainEvidence, type PaymentView, type PaymentAnswer, type StaffQueueQuery } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { onchainDeposits, payments, type OnchainDepositRow, type PaymentRow, type UserRow } from '../../db/schema';
import { jsonCents, jsonIso, jsonObject, jsonValue } from '../../db/json-text';
import { explorerUrl, findAsset } from '../../chain';
import { badRequest, conflict } from '../../lib/errors';
import { requireMoneyAccess } from './gating';
import { getSettings, settingsFromText, storedSettingsText } from '../platform/settings';
import { caseListText, ownerJsonText, pendingQueue, requestForViewer } from '../platform/requests';
import type { SessionUser } from '../auth/sessions';

/** The bare lowercase hex of a transaction hash: EVM writes it with 0x, Bitcoin without. */
export function txHashKey(hash: string): string {
  return hash.trim().toLowerCase().replace(/^0x/, '');
}

/** How a hash is stored: EVM hashes as lowercase 0x…, others lowercase as given. */
export function normalizeTxHash(hash: string, asset: string | null | undefined): string {
  const key = txHashKey(hash);
  const evm = asset ? networkOfAsset(asset) === 'evm' : hash.trim().toLowerCase().startsWith('0x');
  return evm && /^[0-9a-f]{64}$/.test(key) ? `0x${key}` : hash.trim().toLowerCase();
}

/** Serialises everything that could credit one transaction hash (report, staff decision, the watcher) for the rest of `tx`. */
export async function lockTxHash(tx: Tx, hash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tx:${txHashKey(hash)}`}, 0))`);
}

const sameHash = (column: typeof payments.txHash, hash: string) => {
  const key = txHashKey(hash);
  return sql`lower(${column}) in (${key}, ${`0x${key}`})`;
};

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** "DEP-7K2M9QX4": short, unambiguous, easy to read out on the phone. */
export function newTransactionId(): string {
  let out = 'DEP-';
  for (const byte of randomBytes(8)) out += ID_ALPHABET[byte % ID_ALPHABET.length];
  return out;
}

export function toPaymentView(
  row: PaymentRow,
  user: Pick<UserRow, 'id' | 'name' | 'email'>,
  extra: { chain?: ChainEvidence | null; explorerTxUrl?: string } = {},
): PaymentView {
  return {
    _id: row.id,
    transactionId: row.transactionId,
    amount: formatCents(row.amountCents),
    asset: row.asset,
    txHash: row.txHash,
    status: row.status,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    user: { _id: user.id, name: user.name, email: user.email },
    source: row.source,
    chain: extra.chain ?? null,
    explorerUrl: explorerUrl(extra.explorerTxUrl ?? '', row.txHash),
  };
}

/** What the chain's evidence of a payment is looked up by. */
type ChainKey = Pick<PaymentRow, 'id' | 'userId' | 'asset' | 'txHash'>;

/** The chain's evidence for each payment: the transfer linked to it, else one with its hash at the owner's address. */
async function chainEvidence(deps: AppDeps, rows: ChainKey[], explorerTxUrl: string): Promise<Map<string, ChainEvidence>> {
  const evidence = new Map<string, ChainEvidence>();
  const chainId = deps.chain.evm ? await deps.chain.evm.chainId().catch(() => null) : null;
  if (chainId === null || rows.length === 0) return evidence;
  const hashes = rows.flatMap((row) => (row.txHash ? [normalizeTxHash(row.txHash, row.asset ?? 'ETH')] : []));
  const found = await deps.db
    .select()
    .from(onchainDeposits)
    .where(
      and(
        eq(onchainDeposits.chainId, chainId),
        or(inArray(onchainDeposits.paymentId, rows.map((row) => row.id)), hashes.length ? inArray(onchainDeposits.txHash, hashes) : sql`false`),
      ),
    );
  const [tip] = await deps.db.execute(sql`select tip_block::int as tip from chain_cursors where network = 'evm' and chain_id = ${chainId}`).then(
    (result) => (result as unknown as { rows: { tip: number }[] }).rows,
  );
  const required = deps.chain.config.evmConfirmations;
  for (const row of rows) {
    const hash = row.txHash ? normalizeTxHash(row.txHash, row.asset ?? 'ETH') : null;
    const match: OnchainDepositRow | undefined =
      found.find((deposit) => deposit.paymentId === row.id) ?? found.find((deposit) => deposit.txHash === hash && deposit.userId === row.userId);
    if (match) {
      evidence.set(row.id, {
        status: match.status === 'Confirmed' ? 'confirmed' : match.status === 'Dropped' ? 'dropped' : 'confirming',
        confirmations: match.status === 'Dropped' ? 0 : Math.max(0, (tip?.tip ?? match.blockNumber) - match.blockNumber + 1),
        confirmationsRequired: required,
        amount: formatUnits(match.rawAmount, match.decimals),
        asset: match.asset,
        blockNumber: match.blockNumber,
        explorerUrl: explorerUrl(explorerTxUrl, match.txHash),
      });
    } else if (hash && (!row.asset || networkOfAsset(row.asset) === 'evm')) {
      evidence.set(row.id, { status: 'not-seen', confirmations: null, confirmationsRequired: required, amount: null, asset: null, blockNumber: null, explorerUrl: explorerUrl(explorerTxUrl, row.txHash) });
    }
  }
  return evidence;
}

/** Payments as the API shows them, with the chain's evidence and explorer links. */
export async function paymentViews(deps: AppDeps, rows: { payment: PaymentRow; user: Pick<UserRow, 'id' | 'name' | 'email'> }[]): Promise<PaymentView[]> {
  const { explorerTxUrl } = await getSettings(deps.db);
  const evidence = await chainEvidence(deps, rows.map((row) => row.payment), explorerTxUrl);
  return rows.map((row) => toPaymentView(row.payment, row.user, { chain: evidence.get(row.payment.id) ?? null, explorerTxUrl }));
}

/** A new payment row with a fresh DEP- id (retried on the rare id collision). */
export async function insertPayment(
  db: DbOrTx,
  values: Omit<typeof payments.$inferInsert, 'id' | 'transactionId'>,
): Promise<PaymentRow> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await db
        .insert(payments)
        .values({ ...values, id: randomUUID(), transactionId: newTransactionId() })
        .returning();
      return row!;
    } catch (error) {
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * A transaction hash already on a live payment: reported twice, or detected on chain first.
 * Names the deposit only to its owner.
 */
async function refuseKnownHash(tx: Tx, userId: string, hash: string): Promise<void> {
  const [known] = await tx
    .select({ transactionId: payments.transactionId, userId: payments.userId, source: payments.source })
    .from(payments)
    .where(and(sameHash(payments.txHash, hash), ne(payments.status, 'Rejected')))
    .limit(1);
  if (known) {
    if (known.userId !== userId) throw conflict('This transaction hash has already been reported');
    throw conflict(
      known.source === 'chain'
        ? `This transaction was detected on chain and is already your deposit ${known.transactionId}`
        : `This transaction has already been reported as your deposit ${known.transactionId}`,
    );
  }
  const [credited] = await tx
    .select({ id: onchainDeposits.id })
    .from(onchainDeposits)
    .where(and(eq(onchainDeposits.txHash, normalizeTxHash(hash, 'ETH')), eq(onchainDeposits.userId, userId), eq(onchainDeposits.status, 'Confirmed')))
    .limit(1);
  if (credited) throw conflict('This transaction was detected on chain and has already been handled');
}

/**
 * POST /api/payments/create: a Pending deposit report; no money moves until staff confirm,
 * or until the watcher confirms the same transaction on chain (then it is that deposit).
 */
export async function createPayment(
  deps: AppDeps,
  user: SessionUser,
  input: { amount: number; asset?: string | undefined; txHash?: string | undefined },
): Promise<PaymentAnswer> {
  requireMoneyAccess(user, 'deposit');
  if (input.asset) {
    const settings = await getSettings(deps.db);
    const asset = findAsset(settings.evmTokens, input.asset);
    const open = asset && (settings.depositAddresses[asset.symbol] || deps.chain.watchKey(asset.network, settings.watchKeys[asset.network]));
    if (!open) throw badRequest(`Deposits in ${input.asset} are not available at the moment`);
  }
  const txHash = input.txHash ? normalizeTxHash(input.txHash, input.asset) : null;
  const row = await deps.db.transaction(async (tx) => {
    if (txHash) {
      await lockTxHash(tx, txHash);
      await refuseKnownHash(tx, user.id, txHash);
    }
    const inserted = await insertPayment(tx, { userId: user.id, amountCents: input.amount, asset: input.asset ?? null, txHash, createdAt: deps.now() });
    if (txHash) {
      // Seen on chain and still confirming: the report and the transfer are one deposit from now on.
      const [confirming] = await tx
        .select({ id: onchainDeposits.id })
        .from(onchainDeposits)
        .where(
          and(
            eq(onchainDeposits.txHash, normalizeTxHash(txHash, 'ETH')),
            eq(onchainDeposits.userId, user.id),
            eq(onchainDeposits.status, 'Confirming'),
            isNull(onchainDeposits.paymentId),
          ),
        )
        .orderBy(asc(onchainDeposits.logIndex))
        .limit(1);
      if (confirming) await tx.update(onchainDeposits).set({ paymentId: inserted.id }).where(eq(onchainDeposits.id, confirming.id));
    }
    return inserted;
  });
  return {
    message: `Deposit of ${formatUsd(input.amount)} submitted. We will credit your balance once the payment is confirmed.`,
    transaction: (await paymentViews(deps, [{ payment: row, user }]))[0]!,
  };
}

/**
 * A pending deposit as the queue shows it (paymentViewSchema's keys in order), written by the
 * page's statement up to `source`; the server appends the chain's evidence and the explorer
 * link. The explorer setting comes with each row (read once per statement).
 */
const QUEUE_SETTINGS = ['explorerTxUrl'] as const;
const queueFields = {
  view: jsonObject(
    [
      ['_id', jsonValue(payments.id)],
      ['transactionId', jsonValue(payments.transactionId)],
      ['amount', jsonCents(payments.amountCents)],
      ['asset', jsonValue(payments.asset)],
      ['txHash', jsonValue(payments.txHash)],
      ['status', jsonValue(payments.status)],
      ['notes', jsonValue(payments.notes)],
      ['createdAt', jsonIso(payments.createdAt)],
      ['decidedAt', jsonIso(payments.decidedAt)],
      ['user', ownerJsonText],
      ['source', jsonValue(payments.source)],
    ],
    { open: true },
  ) as SQL<string | null>,
  txHash: payments.txHash,
  settings: storedSettingsText(QUEUE_SETTINGS),
};
const pendingPayments = pendingQueue('pending_payments', payments, payments.createdAt, queueFields);
/** With a chain watched, each case's evidence is looked up by its owner and asset too. */
const pendingPaymentsOnChain = pendingQueue('pending_payments_chain', payments, payments.createdAt, {
  ...queueFields,
  userId: payments.userId,
  asset: payments.asset,
});

type QueuePage = Awaited<ReturnType<typeof pendingPayments>>;

/**
 * GET /api/payments/pending-deposit: oldest first, each with what the chain shows of it, as the
 * JSON text of the list (the route sends it as it is).
 */
export async function listPendingPayments(deps: AppDeps, query: StaffQueueQuery): Promise<{ json: string; nextCursor: string | null }> {
  if (!deps.chain.evm) return queueJson(await pendingPayments(deps.db, query), async () => undefined);
  const page = await pendingPaymentsOnChain(deps.db, query);
  return queueJson(page, (explorerTxUrl) =>
    chainEvidence(deps, page.rows.map((row) => ({ id: row.queueId, userId: row.userId, asset: row.asset, txHash: row.txHash })), explorerTxUrl),
  );
}

/** A page's rows as the list's text, each completed with its evidence (by payment id) and explorer link. */
async function queueJson(
  { rows, nextCursor }: QueuePage,
  evidenceOf: (explorerTxUrl: string) => Promise<Map<string, ChainEvidence> | undefined>,
): Promise<{ json: string; nextCursor: string | null }> {
  if (rows.length === 0) return { json: '[]', nextCursor };
  const { explorerTxUrl } = settingsFromText(QUEUE_SETTINGS, rows[0]!.settings);
  const evidence = await evidenceOf(explorerTxUrl);
  const json = caseListText(rows, (row) => {
    const chain = evidence?.get(row.queueId);
    const link = explorerUrl(explorerTxUrl, row.txHash);
    return `,"chain":${chain ? JSON.stringify(chain) : 'null'},"explorerUrl":${link === null ? 'null' : JSON.stringify(link)}`;
  });
  return { json, nextCursor };
}

/** One payment; its owner or staff only. Others get 404 (its existence is not revealed). */
export async function viewPayment(deps: AppDeps, viewer: SessionUser, transactionId: string): Promise<PaymentView> {
  const { request, user } = await requestForViewer(deps.db, payments, eq(payments.transactionId, transactionId), viewer, 'Transaction not found');
  return (await paymentViews(deps, [{ payment: request, user }]))[0]!;
}
