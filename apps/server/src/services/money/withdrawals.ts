import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { formatCents, formatUsd, withdrawalFeeCents, SELF_APPROVAL_MESSAGE, type ApprovalView, type FeeScheduleView, type WithdrawalStatus, type WithdrawalView, type WithdrawalAsset, type WithdrawalAnswer, type WithdrawalDecisionAnswer, type StaffQueueQuery, type PayoutProof } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { approvalRequests, users, withdrawals, type UserRow, type WithdrawalRow } from '../../db/schema';
import { jsonCents, jsonIso, jsonObject, jsonPageText, jsonValue } from '../../db/json-text';
import { assetCatalog, baseUnitsOfCents, checkPayout, explorerUrl, findAsset, type AssetInfo } from '../../chain';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../db/errors';
import { holdForWithdrawal, releaseWithdrawalHold, settleWithdrawal } from '../../ledger';
import { approvalViews, awaitsSecondApproval, closeApprovalRequest, needsSecondApprover, pendingWithdrawalApproval, recordApprovalRequest } from '../admin/approvals';
import { localizedEmail } from '../../email/locales';
import { recordAudit, type AuditActor } from '../platform/audit';
import { assertMayManage } from '../platform/staff';
import { evmChainId, networkInfo } from './chain-deposits';
import { requireMoneyAccess } from './gating';
import type { Settings } from '@app/shared';
import { getSettings, settingsFromText, storedSettingsText } from '../platform/settings';
import { caseListText, ownerJsonText, pendingQueue, requestForViewer } from '../platform/requests';
import type { SessionUser } from '../auth/sessions';
import { pastBusinessDays } from '../platform/business-days';

export function isOverdue(requestDate: Date, now: Date, status: WithdrawalStatus): boolean {
  return status === 'Pending' && pastBusinessDays(requestDate.getTime(), now.getTime());
}

/** Whole hours from `requestMs` to `nowMs`, never negative. */
function ageHoursOf(requestMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - requestMs) / 3_600_000));
}

/** What a withdrawal's view needs beyond its row: explorer links, and which assets' payouts are checked on chain. */
export interface WithdrawalViewContext {
  explorerTxUrl: string;
  payoutOnChain(asset: string): boolean;
  /** Pending four-eyes requests by withdrawal id. */
  approvals: ReadonlyMap<string, ApprovalView>;
  fourEyesThresholdCents: number;
}

export function withdrawalViewContext(deps: AppDeps, settings: Settings, approvals: ReadonlyMap<string, ApprovalView> = new Map()): WithdrawalViewContext {
  return {
    explorerTxUrl: settings.explorerTxUrl,
    payoutOnChain: (asset) => deps.chain.evm !== null && findAsset(settings.evmTokens, asset)?.network === 'evm',
    approvals,
    fourEyesThresholdCents: settings.fourEyesThresholdCents,
  };
}

/** The pending second-approval requests of these withdrawals. */
async function pendingApprovalsOf(db: DbOrTx, ids: string[]): Promise<Map<string, ApprovalView>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(approvalRequests)
    .where(and(inArray(approvalRequests.withdrawalId, ids), eq(approvalRequests.status, 'Pending')));
  const views = await approvalViews(db, rows);
  return new Map(views.map((view) => [view.withdrawalId!, view]));
}

export function toWithdrawalView(row: WithdrawalRow, user: Pick<UserRow, 'id' | 'name' | 'email'>, now: Date, context: WithdrawalViewContext): WithdrawalView {
  return {
    _id: row.id,
    user: { _id: user.id, name: user.name, email: user.email },
    amount: formatCents(row.amountCents),
    fee: formatCents(row.feeCents),
    netAmount: formatCents(row.amountCents - row.feeCents),
    asset: row.asset,
    walletAddress: row.walletAddress,
    status: row.status,
    notes: row.notes,
    requestDate: row.requestDate.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    ageHours: ageHoursOf(row.requestDate.getTime(), now.getTime()),
    overdue: isOverdue(row.requestDate, now, row.status),
    payout: row.payoutTxHash ? payoutView(row.payoutTxHash, row.payoutVerifiedAt !== null, row.payoutChainId, row.payoutBlockNumber, row.asset, context.explorerTxUrl) : null,
    payoutOnChain: context.payoutOnChain(row.asset),
    needsTwoApprovers: row.amountCents > context.fourEyesThresholdCents,
    secondApproval: context.approvals.get(row.id) ?? null,
  };
}

function payoutView(txHash: string, verified: boolean, chainId: number | null, blockNumber: number | null, asset: string, explorerTxUrl: string): PayoutProof {
  return { txHash, verified, chainId, blockNumber, explorerUrl: asset === 'BTC' ? null : explorerUrl(explorerTxUrl, txHash) };
}

/** GET /api/withDraw/assets: what can be withdrawn, on which network. */
export async function withdrawalAssets(deps: AppDeps): Promise<WithdrawalAsset[]> {
  return assetCatalog((await getSettings(deps.db)).evmTokens).map((asset) => ({ asset: asset.symbol, network: asset.network }));
}

/** The asset, when it can be withdrawn (BTC, ETH and the configured tokens); 400 otherwise. */
export function withdrawableAsset(settings: Settings, symbol: string): AssetInfo {
  const asset = findAsset(settings.evmTokens, symbol);
  if (!asset) throw badRequest(`Withdrawals in ${symbol} are not available`);
  return asset;
}

/** GET /api/withDraw/fees: the schedule, so the form shows fee and net before confirming. */
export async function feeSchedule(db: DbOrTx): Promise<FeeScheduleView> {
  const { withdrawalFee } = await getSettings(db);
  return {
    flatCents: withdrawalFee.flatCents,
    basisPoints: withdrawalFee.basisPoints,
    flat: formatCents(withdrawalFee.flatCents),
    percent: formatCents(withdrawalFee.basisPoints),
  };
}

/** POST /api/withDraw/create: holds the amount; refused (400) beyond the available balance. */
export async function createWithdrawal(
  deps: AppDeps,
  user: SessionUser,
  input: { amount: number; walletAddress: string; asset: string },
): Promise<WithdrawalAnswer> {
  requireMoneyAccess(user, 'withdraw');
  const settings = await getSettings(deps.db);
  withdrawableAsset(settings, input.asset);
  const { withdrawalFee } = settings;
  const fee = withdrawalFeeCents(input.amount, withdrawalFee);
  if (fee >= input.amount) throw badRequest(`The amount must be larger than the withdrawal fee (${formatUsd(fee)})`);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const id = randomUUID();
    const hold = await holdForWithdrawal(tx, { userId: user.id, withdrawalId: id, amountCents: input.amount, at: now });
    const [inserted] = await tx
      .insert(withdrawals)
      .values({
        id,
        userId: user.id,
        amountCents: input.amount,
        feeCents: fee,
        asset: input.asset,
        walletAddress: input.walletAddress,
        holdId: hold.id,
        requestDate: now,
      })
      .returning();
    return inserted!;
  });
  return {
    message: `Withdrawal request of ${formatUsd(input.amount)} submitted. You will receive ${formatUsd(input.amount - fee)} once it is approved.`,
    withdrawal: toWithdrawalView(row, user, now, withdrawalViewContext(deps, settings)),
  };
}

/**
 * A pending withdrawal as the queue shows it (withdrawalViewSchema's keys in order), written by
 * the page's statement up to `decidedAt`; the server appends what depends on the clock, the
 * settings (read with each row, once per statement) and the watched chain.
 */
const QUEUE_SETTINGS = ['explorerTxUrl', 'evmTokens', 'fourEyesThresholdCents'] as const;
const pendingWithdrawals = pendingQueue('pending_withdrawals', withdrawals, withdrawals.requestDate, {
  view: jsonObject(
    [
      ['_id', jsonValue(withdrawals.id)],
      ['user', ownerJsonText],
      ['amount', jsonCents(withdrawals.amountCents)],
      ['fee', jsonCents(withdrawals.feeCents)],
      ['netAmount', jsonCents(sql`${withdrawals.amountCents} - ${withdrawals.feeCents}`)],
      ['asset', jsonValue(withdrawals.asset)],
      ['walletAddress', jsonValue(withdrawals.walletAddress)],
      ['status', jsonValue(withdrawals.status)],
      ['notes', jsonValue(withdrawals.notes)],
      ['requestDate', jsonIso(withdrawals.requestDate)],
      ['decidedAt', jsonIso(withdrawals.decidedAt)],
    ],
    { open: true },
  ) as SQL<string | null>,
  // Epoch milliseconds, truncated as a Date keeps them.
  requestMs: sql<number>`floor(extract(epoch from ${withdrawals.requestDate}) * 1000)::float8`,
  amountCents: withdrawals.amountCents,
  asset: withdrawals.asset,
  payout: sql<[txHash: string, verified: boolean, chainId: number | null, blockNumber: number | null] | null>`case when ${withdrawals.payoutTxHash} is not null
    then json_build_array(${withdrawals.payoutTxHash}, ${withdrawals.payoutVerifiedAt} is not null, ${withdrawals.payoutChainId}, ${withdrawals.payoutBlockNumber}) end`,
  awaitsSecondApproval: awaitsSecondApproval(withdrawals.id),
  settings: storedSettingsText(QUEUE_SETTINGS),
});

/** GET /api/withDraw/pending: oldest first, with age and the overdue flag, as the JSON text of the page (the route sends it as it is). */
export async function listPendingWithdrawals(deps: AppDeps, query: StaffQueueQuery): Promise<string> {
  const { rows, nextCursor } = await pendingWithdrawals(deps.db, query);
  const nowMs = deps.now().getTime();
  const settings = settingsFromText(QUEUE_SETTINGS, rows[0]?.settings ?? null);
  // Few cases wait for a second approver: their requests are read only when the page has some.
  const approvals = await pendingApprovalsOf(deps.db, rows.filter((row) => row.awaitsSecondApproval).map((row) => row.queueId));
  const onChain = new Map<string, boolean>();
  const payoutOnChain = (asset: string) => {
    let answer = onChain.get(asset);
    if (answer === undefined) onChain.set(asset, (answer = deps.chain.evm !== null && findAsset(settings.evmTokens, asset)?.network === 'evm'));
    return answer;
  };
  const cases = caseListText(rows, (row) => {
    const payout = row.payout && payoutView(...row.payout, row.asset, settings.explorerTxUrl);
    const approval = approvals.get(row.queueId);
    return (
      `,"ageHours":${ageHoursOf(row.requestMs, nowMs)},"overdue":${pastBusinessDays(row.requestMs, nowMs)}` +
      `,"payout":${payout ? JSON.stringify(payout) : 'null'},"payoutOnChain":${payoutOnChain(row.asset)}` +
      `,"needsTwoApprovers":${row.amountCents > settings.fourEyesThresholdCents},"secondApproval":${approval ? JSON.stringify(approval) : 'null'}`
    );
  });
  return jsonPageText('withdrawals', cases, nextCursor);
}

/** One withdrawal: its owner or staff; others get 404. */
export async function getWithdrawal(deps: AppDeps, viewer: SessionUser, id: string): Promise<WithdrawalView> {
  const { request, user } = await requestForViewer(deps.db, withdrawals, eq(withdrawals.id, id), viewer, 'Withdrawal not found');
  return toWithdrawalView(request, user, deps.now(), withdrawalViewContext(deps, await getSettings(deps.db), await pendingApprovalsOf(deps.db, [id])));
}

async function loadForDecision(tx: Tx, staff: SessionUser, id: string): Promise<{ withdrawal: WithdrawalRow; owner: UserRow }> {
  const [row] = await tx.select({ withdrawal: withdrawals, owner: users }).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId)).where(eq(withdrawals.id, id)).limit(1);
  if (!row) throw notFound('Withdrawal not found');
  assertMayManage(staff, row.owner, 'You cannot decide your own withdrawal');
  return row;
}

interface PayoutRecord {
  payoutTxHash: string;
  payoutChainId: number | null;
  payoutBlockNumber: number | null;
  payoutVerifiedAt: Date | null;
}

/**
 * The payout proof of an approval (PRODUCT §1.11): where the asset's network has an RPC the
 * hash is required and must send the net amount of that asset to the user's address on this
 * chain (USD-pegged tokens to the cent; ETH, priced by staff, to the address); elsewhere it
 * is kept as given.
 */
async function payoutProof(deps: AppDeps, withdrawal: WithdrawalRow, txHash: string | undefined): Promise<PayoutRecord | null> {
  const settings = await getSettings(deps.db);
  const asset = findAsset(settings.evmTokens, withdrawal.asset);
  const watched = asset?.network === 'evm' && deps.chain.evm !== null;
  if (!watched) return txHash ? { payoutTxHash: txHash.toLowerCase(), payoutChainId: null, payoutBlockNumber: null, payoutVerifiedAt: null } : null;
  if (!txHash) throw badRequest('Enter the payout transaction hash: payouts on this network are checked on chain');
  const hash = `0x${txHash.toLowerCase().replace(/^0x/, '')}` as `0x${string}`;
  const chainId = await evmChainId(deps);
  if (chainId === null) throw new AppError(503, 'The chain cannot be reached to check the payout. Please try again shortly.');
  const info = await networkInfo(deps, settings, 'evm');
  const net = withdrawal.amountCents - withdrawal.feeCents;
  const check = await checkPayout(deps.chain.evm!, {
    txHash: hash,
    asset: asset!,
    recipient: withdrawal.walletAddress,
    expectedRaw: asset!.usdPegged ? baseUnitsOfCents(net, asset!.decimals) : null,
    networkLabel: `${info.name} (chain id ${chainId})`,
  });
  if (!check.ok) throw badRequest(check.message);
  return { payoutTxHash: hash, payoutChainId: chainId, payoutBlockNumber: check.blockNumber, payoutVerifiedAt: deps.now() };
}

/** PUT approve/:id | reject/:id: a guarded transition; the second decision gets 409. */
export async function decideWithdrawal(
  deps: AppDeps,
  staff: SessionUser,
  actor: AuditActor,
  id: string,
  decision: 'Approved' | 'Rejected',
  input: { notes?: string | undefined; txHash?: string | undefined },
): Promise<WithdrawalDecisionAnswer> {
  const { notes } = input;
  const now = deps.now();
  let payout: PayoutRecord | null = null;
  let fourEyes = false;
  if (decision === 'Approved') {
    const pending = await deps.db.transaction((tx) => loadForDecision(tx, staff, id));
    if (pending.withdrawal.status === 'Pending') {
      fourEyes = await needsSecondApprover(deps.db, pending.withdrawal.amountCents);
      if (fourEyes) {
        // Maker-checker: the first approval records the request; the second, by someone else, pays out.
        const first = await deps.db.transaction(async (tx) => {
          const existing = await pendingWithdrawalApproval(tx, id);
          if (existing) {
            if (existing.requestedBy === staff.id) throw forbidden(SELF_APPROVAL_MESSAGE);
            return null;
          }
          return recordApprovalRequest(tx, actor, {
            kind: 'withdrawal',
            userId: pending.owner.id,
            withdrawalId: id,
            amountCents: pending.withdrawal.amountCents,
            reason: notes ?? null,
            requestedBy: staff.id,
            at: now,
          });
        });
        if (first) {
          return {
            message: `Recorded: a second staff member must approve this withdrawal of ${formatUsd(pending.withdrawal.amountCents)}`,
            withdrawal: await getWithdrawal(deps, staff, id),
            pendingApproval: (await approvalViews(deps.db, [first]))[0]!,
          };
        }
      }
      // The chain is read before the transaction: no row lock is held across RPC calls.
      payout = await payoutProof(deps, pending.withdrawal, input.txHash);
    }
  }
  const view = await deps.db.transaction(async (tx) => {
    const { withdrawal, owner } = await loadForDecision(tx, staff, id);
    const approval = await pendingWithdrawalApproval(tx, id);
    if (decision === 'Approved' && fourEyes && !approval) throw conflict('The request for a second approval was closed meanwhile: approve again to record a new one');
    let updated: WithdrawalRow | undefined;
    try {
      [updated] = await tx
        .update(withdrawals)
        .set({ status: decision, notes: notes || null, decidedAt: now, decidedBy: staff.id, ...payout })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'Pending')))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, 'withdrawals_payout_tx_unique')) throw conflict('That transaction is already the payout of another withdrawal');
      throw error;
    }
    if (!updated) {
      const [current] = await tx.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
      throw conflict(`This withdrawal has already been ${(current?.status ?? 'decided').toLowerCase()}`);
    }
    if (approval) await closeApprovalRequest(tx, actor, approval, decision, staff, notes ?? null, now);
    if (decision === 'Approved') {
      await settleWithdrawal(tx, { withdrawalId: id, feeCents: withdrawal.feeCents, actorId: staff.id, at: now });
    } else {
      await releaseWithdrawalHold(tx, { withdrawalId: id, actorId: staff.id, at: now });
    }
    await recordAudit(tx, actor, {
      action: decision === 'Approved' ? 'withdrawal.approve' : 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: withdrawal.status },
      after: {
        status: decision,
        amount: formatCents(withdrawal.amountCents),
        fee: formatCents(withdrawal.feeCents),
        userId: owner.id,
        ...(payout ? { payoutTxHash: payout.payoutTxHash, verifiedOnChain: payout.payoutVerifiedAt !== null } : {}),
      },
      reason: notes ?? null,
    });
    await deps.outbox.enqueue(
      tx,
      localizedEmail(owner, 'withdrawal-decided', ({ t, usd }) => {
        if (decision !== 'Approved') {
          return {
            subject: t('withdrawalRejected.subject'),
            heading: t('withdrawalRejected.heading'),
            paragraphs: [
              t('common.greeting', { name: owner.name }),
              t('withdrawalRejected.body', { amount: usd(withdrawal.amountCents) }),
              ...(notes ? [t('common.reason', { reason: notes })] : []),
            ],
          };
        }
        const sent = {
          amount: usd(withdrawal.amountCents),
          net: usd(withdrawal.amountCents - withdrawal.feeCents),
          fee: usd(withdrawal.feeCents),
          asset: withdrawal.asset,
          address: withdrawal.walletAddress,
        };
        return {
          subject: t('withdrawalApproved.subject'),
          heading: t('withdrawalApproved.heading'),
          paragraphs: [
            t('common.greeting', { name: owner.name }),
            t('withdrawalApproved.body', sent),
            ...(payout
              ? [
                  payout.payoutVerifiedAt
                    ? t('withdrawalApproved.payoutVerified', { hash: payout.payoutTxHash, block: String(payout.payoutBlockNumber) })
                    : t('withdrawalApproved.payout', { hash: payout.payoutTxHash }),
                ]
              : []),
            t('withdrawalApproved.final'),
          ],
        };
      }),
    );
    return toWithdrawalView(updated, owner, now, withdrawalViewContext(deps, await getSettings(tx)));
  });
  return { message: decision === 'Approved' ? 'Withdrawal approved!' : 'Withdrawal rejected!', withdrawal: view, pendingApproval: null };
}
