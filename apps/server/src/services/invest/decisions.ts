import { and, eq } from 'drizzle-orm';
import { formatUsd, INVEST_MESSAGES } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { investments, users, type InvestmentRow } from '../../db/schema';
import { releaseInvestmentHold, settleInvestment } from '../../ledger';
import { rollOverIntoUpgrade } from '../../ledger/investments';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../platform/audit';
import { investmentUrl, proratedProfitCents, termProfitCents } from './investments';

/** Staff decisions on requested investments and upgrades: each exactly once, audited, emailed. */

async function lockPending(tx: Tx, id: string): Promise<InvestmentRow> {
  const [row] = await tx.select().from(investments).where(eq(investments.id, id)).limit(1).for('update');
  if (!row) throw notFound(INVEST_MESSAGES.notFound);
  if (row.status !== 'Pending') throw conflict(INVEST_MESSAGES.alreadyDecided);
  return row;
}

async function ownerOf(tx: Tx, userId: string) {
  const [owner] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return owner;
}

/**
 * Approves a Pending investment exactly once (the row lock and status check; the ledger's
 * hold transition backs it up): the hold settles into invested and the term starts now.
 * For an upgrade, the old investment ends early and its money rolls into the new one.
 */
export async function approveInvestment(deps: AppDeps, actor: AuditActor, id: string): Promise<InvestmentRow> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const pending = await lockPending(tx, id);
    const endDate = new Date(at.getTime() + pending.durationSeconds * 1000);
    let amountCents = pending.amountCents;
    let ended: InvestmentRow | undefined;
    if (pending.kind === 'upgrade' && pending.upgradeFromId) {
      const [old] = await tx.select().from(investments).where(eq(investments.id, pending.upgradeFromId)).limit(1).for('update');
      if (!old || old.status !== 'Active' || !old.startDate) {
        throw conflict('The investment being upgraded has already ended; reject this upgrade to release the top-up');
      }
      const termMs = old.durationSeconds * 1000;
      const profit = proratedProfitCents(old.amountCents, old.roiBasisPoints, at.getTime() - old.startDate.getTime(), termMs);
      const { newPrincipalCents } = await rollOverIntoUpgrade(tx, {
        userId: pending.userId,
        fromInvestmentId: old.id,
        toInvestmentId: pending.id,
        principalCents: old.amountCents,
        profitCents: profit,
        topUpCents: pending.topUpCents,
        planName: pending.planName,
        actorId: actor.actorId,
        at,
      });
      amountCents = newPrincipalCents;
      [ended] = await tx
        .update(investments)
        .set({ status: 'Ended', endReason: 'upgraded', profitCents: profit, endedAt: at, upgradedToId: pending.id })
        .where(and(eq(investments.id, old.id), eq(investments.status, 'Active')))
        .returning();
    } else {
      await settleInvestment(tx, { investmentId: pending.id, actorId: actor.actorId, label: `Investment in ${pending.planName} started`, at });
    }
    const [row] = await tx
      .update(investments)
      .set({ status: 'Active', amountCents, decidedAt: at, decidedBy: actor.actorId, startDate: at, endDate })
      .where(and(eq(investments.id, pending.id), eq(investments.status, 'Pending')))
      .returning();
    if (!row) throw conflict(INVEST_MESSAGES.alreadyDecided);
    const owner = await ownerOf(tx, row.userId);
    if (owner) {
      const profit = termProfitCents(row.amountCents, row.roiBasisPoints);
      await deps.outbox.enqueue(tx, {
        to: owner.email,
        kind: 'investment-approved',
        content: {
          subject: ended ? 'Your plan upgrade was approved' : 'Your investment was approved',
          heading: ended ? `Upgraded to ${row.planName}` : 'Your investment is active',
          paragraphs: [
            `Hello ${owner.name},`,
            ended
              ? `Your previous investment ended early with ${formatUsd(ended.profitCents ?? 0)} profit. ${formatUsd(row.amountCents)} now runs in the ${row.planName} plan.`
              : `Your ${formatUsd(row.amountCents)} investment in the ${row.planName} plan has started.`,
            `It matures on ${endDate.toUTCString()} and is expected to pay ${formatUsd(row.amountCents + profit)} (${formatUsd(profit)} profit) into your wallet.`,
          ],
          action: { label: 'View investment', url: investmentUrl(deps, row) },
        },
      });
    }
    await recordAudit(tx, actor, {
      action: 'investment.approve',
      targetType: 'investment',
      targetId: row.id,
      before: { status: 'Pending', amountCents: pending.amountCents },
      after: {
        status: 'Active',
        amountCents: row.amountCents,
        startDate: at.toISOString(),
        endDate: endDate.toISOString(),
        ...(ended ? { upgradedFrom: ended.id, proratedProfitCents: ended.profitCents } : {}),
      },
    });
    return row;
  });
}

/** Rejects a Pending investment exactly once: the hold (or upgrade top-up) goes back to the wallet. */
export async function rejectInvestment(deps: AppDeps, actor: AuditActor, id: string, notes?: string | null): Promise<InvestmentRow> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const pending = await lockPending(tx, id);
    const held = pending.kind === 'upgrade' ? pending.topUpCents : pending.amountCents;
    if (held > 0) {
      await releaseInvestmentHold(tx, {
        investmentId: pending.id,
        actorId: actor.actorId,
        label: pending.kind === 'upgrade' ? `Upgrade to ${pending.planName} rejected: top-up released` : `Investment in ${pending.planName} rejected: funds released`,
        at,
      });
    }
    const [row] = await tx
      .update(investments)
      .set({ status: 'Rejected', decidedAt: at, decidedBy: actor.actorId, notes: notes ?? null, profitCents: 0 })
      .where(and(eq(investments.id, pending.id), eq(investments.status, 'Pending')))
      .returning();
    if (!row) throw conflict(INVEST_MESSAGES.alreadyDecided);
    const owner = await ownerOf(tx, row.userId);
    if (owner) {
      await deps.outbox.enqueue(tx, {
        to: owner.email,
        kind: 'investment-rejected',
        content: {
          subject: pending.kind === 'upgrade' ? 'Your plan upgrade was not approved' : 'Your investment was not approved',
          heading: pending.kind === 'upgrade' ? 'Upgrade not approved' : 'Investment not approved',
          paragraphs: [
            `Hello ${owner.name},`,
            pending.kind === 'upgrade'
              ? `Your upgrade to the ${row.planName} plan was not approved. Your current investment keeps running${held > 0 ? ` and the ${formatUsd(held)} top-up is available in your wallet again` : ''}.`
              : `Your ${formatUsd(row.amountCents)} investment in the ${row.planName} plan was not approved. The amount is available in your wallet again.`,
            ...(notes ? [`Note from our team: ${notes}`] : []),
          ],
        },
      });
    }
    await recordAudit(tx, actor, {
      action: 'investment.reject',
      targetType: 'investment',
      targetId: row.id,
      before: { status: 'Pending' },
      after: { status: 'Rejected', releasedCents: held },
      reason: notes ?? null,
    });
    return row;
  });
}
