import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { formatUsd } from '@app/shared';
import type { AppDeps } from '../../deps';
import { investments, users, type InvestmentRow } from '../../db/schema';
import { releaseInvestmentHold } from '../../ledger';
import { creditMaturities } from '../../ledger/investments';
import { AppError } from '../../lib/errors';
import { localizedEmail } from '../../email/locales';
import { recordAudit, type AuditActor } from '../platform/audit';
import { investmentUrl, termProfitCents } from './investments';

/**
 * The maturity batch: run by the scheduled job (jobs/maturity.ts) for everyone and by
 * GET /api/invest/deposit-maturity for the caller.
 */

export interface MaturityOptions {
  /** Only this user's investments (GET /api/invest/deposit-maturity). */
  userId?: string;
  /** Investments per transaction. */
  batchSize?: number;
}

const SYSTEM_ACTOR: AuditActor = { actorId: null, impersonatorId: null, ip: null };

/**
 * Ends up to `batchSize` Active investments whose end date has passed, in one transaction:
 * principal back to the wallet, profit = amount x ROI (half-even to the cent) credited as
 * profit, status Ended, an email. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * instances (and the caller-triggered endpoint) share the work without waiting; the status
 * change and the ledger's unique (maturity, investment:<id>) reference make it exactly once.
 * Returns the investments this call ended.
 */
export async function matureDueBatch(deps: AppDeps, options: MaturityOptions = {}): Promise<InvestmentRow[]> {
  const at = deps.now();
  const limit = options.batchSize ?? 100;
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ investment: investments, email: users.email, name: users.name, language: users.language })
      .from(investments)
      .leftJoin(users, eq(users.id, investments.userId))
      .where(
        and(
          eq(investments.status, 'Active'),
          lte(investments.endDate, at),
          ...(options.userId ? [eq(investments.userId, options.userId)] : []),
        ),
      )
      .orderBy(investments.endDate, investments.id)
      .limit(limit)
      .for('update', { of: investments, skipLocked: true });
    if (due.length === 0) return [];
    const credits = due.map(({ investment }) => {
      const profit = termProfitCents(investment.amountCents, investment.roiBasisPoints);
      return {
        userId: investment.userId,
        investmentId: investment.id,
        principalCents: investment.amountCents,
        profitCents: profit,
        label: `${investment.planName} investment matured: ${formatUsd(investment.amountCents)} principal + ${formatUsd(profit)} profit`,
      };
    });
    await creditMaturities(tx, credits, at);
    const changed = (await tx.execute(sql`update investments set status = 'Ended', end_reason = 'matured', ended_at = ${at.toISOString()}::timestamptz, profit_cents = v.profit
      from (values ${sql.join(credits.map((credit) => sql`(${credit.investmentId}, ${credit.profitCents}::bigint)`), sql`, `)}) as v(id, profit)
      where investments.id = v.id and investments.status = 'Active'
      returning investments.id`)) as unknown as { rows?: { id: string }[] };
    if ((changed.rows ?? []).length !== due.length) throw new AppError(409, 'Investments changed while maturing');
    const ended: InvestmentRow[] = due.map(({ investment }, index) => ({
      ...investment,
      status: 'Ended',
      endReason: 'matured',
      endedAt: at,
      profitCents: credits[index]!.profitCents,
    }));
    const contact = new Map(due.map((row) => [row.investment.id, row]));
    const emails = ended.flatMap((row) => {
      const owner = contact.get(row.id);
      if (!owner?.email) return [];
      const profit = row.profitCents ?? 0;
      return [
        localizedEmail({ email: owner.email, language: owner.language ?? undefined }, 'investment-matured', ({ t, usd }) => {
          const amount = usd(row.amountCents);
          return {
            subject: t('investmentMatured.subject'),
            heading: t('investmentMatured.heading'),
            paragraphs: [
              t('common.greeting', { name: owner.name ?? '' }),
              t('investmentMatured.body', { amount, plan: row.planName }),
              t('investmentMatured.credited', { total: usd(row.amountCents + profit), amount, profit: usd(profit) }),
            ],
            action: { label: t('common.viewInvestment'), url: investmentUrl(deps, row) },
          };
        }),
      ];
    });
    await deps.outbox.enqueueMany(tx, emails);
    // A pending upgrade of an investment that has just matured can no longer happen: release its top-up.
    const stale = await tx
      .select()
      .from(investments)
      .where(and(eq(investments.status, 'Pending'), inArray(investments.upgradeFromId, ended.map((row) => row.id))))
      // Skip one a staff member is approving right now: that approval then finds the old investment Ended and gets 409.
      .for('update', { skipLocked: true });
    for (const upgrade of stale) {
      if (upgrade.topUpCents > 0) {
        await releaseInvestmentHold(tx, {
          investmentId: upgrade.id,
          actorId: null,
          label: `Upgrade to ${upgrade.planName} cancelled: the investment matured first; top-up released`,
          at,
        });
      }
      await tx
        .update(investments)
        .set({ status: 'Rejected', decidedAt: at, profitCents: 0, notes: 'The investment matured before the upgrade was approved' })
        .where(and(eq(investments.id, upgrade.id), eq(investments.status, 'Pending')));
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'investment.upgrade_cancelled',
        targetType: 'investment',
        targetId: upgrade.id,
        before: { status: 'Pending' },
        after: { status: 'Rejected', releasedCents: upgrade.topUpCents },
        reason: 'matured before approval',
      });
    }
    return ended;
  });
}

/**
 * Matures everything due (optionally for one user), batch after batch, with `concurrency`
 * batches in flight (PostgreSQL; PGlite has one connection). Returns how many ended.
 */
export async function matureDue(deps: AppDeps, options: MaturityOptions & { concurrency?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? (options.userId ? 50 : 100);
  const workers = options.userId ? 1 : Math.max(1, options.concurrency ?? (deps.database.kind === 'postgres' ? 4 : 1));
  let total = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (;;) {
        const ended = await matureDueBatch(deps, { userId: options.userId, batchSize });
        total += ended.length;
        if (ended.length < batchSize) return;
      }
    }),
  );
  return total;
}
