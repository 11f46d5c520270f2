import { and, eq } from 'drizzle-orm';
import { INVEST_MESSAGES } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { investments, users, type InvestmentRow } from '../../db/schema';
import { releaseInvestmentHold, settleInvestment } from '../../ledger';
import { rollOverIntoUpgrade } from '../../ledger/investments';
import { conflict, notFound } from '../../lib/errors';
import { localizedEmail } from '../../email/locales';
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
  const [owner] = await tx.select({ id: users.id, name: users.name, email: users.email, language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
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
      await deps.outbox.enqueue(
        tx,
        localizedEmail(owner, 'investment-approved', ({ t, usd, date }) => ({
          subject: t(ended ? 'upgradeApproved.subject' : 'investmentApproved.subject'),
          heading: ended ? t('upgradeApproved.heading', { plan: row.planName }) : t('investmentApproved.heading'),
          paragraphs: [
            t('common.greeting', { name: owner.name }),
            ended
              ? t('upgradeApproved.body', { profit: usd(ended.profitCents ?? 0), amount: usd(row.amountCents), plan: row.planName })
              : t('investmentApproved.body', { amount: usd(row.amountCents), plan: row.planName }),
            t('investmentApproved.matures', { date: date(endDate), total: usd(row.amountCents + profit), profit: usd(profit) }),
          ],
          action: { label: t('common.viewInvestment'), url: investmentUrl(deps, row) },
        })),
      );
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
      const upgrade = pending.kind === 'upgrade';
      await deps.outbox.enqueue(
        tx,
        localizedEmail(owner, 'investment-rejected', ({ t, usd }) => ({
          subject: t(upgrade ? 'upgradeRejected.subject' : 'investmentRejected.subject'),
          heading: t(upgrade ? 'upgradeRejected.heading' : 'investmentRejected.heading'),
          paragraphs: [
            t('common.greeting', { name: owner.name }),
            !upgrade
              ? t('investmentRejected.body', { amount: usd(row.amountCents), plan: row.planName })
              : held > 0
                ? t('upgradeRejected.bodyWithTopUp', { plan: row.planName, topUp: usd(held) })
                : t('upgradeRejected.body', { plan: row.planName }),
            ...(notes ? [t('common.teamNote', { note: notes })] : []),
          ],
        })),
      );
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
