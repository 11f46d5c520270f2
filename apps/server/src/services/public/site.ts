import { and, countDistinct, count, isNull, ne } from 'drizzle-orm';
import { CONTACT_MESSAGES, DEFAULT_RISK_NOTICE, formatCents, type ContactInput, type PublicSettings, type PublicStats } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { users, type AccountKind } from '../../db/schema';
import { accountTotals } from '../../ledger/reads';
import { listPlans } from '../invest/plans';
import { getSettings } from '../platform/settings';

/**
 * Live figures for the home page (PRODUCT §1 rule 7): nothing here is a made-up number.
 * - investors: accounts that exist (deleted ones excluded);
 * - countries: distinct countries those accounts gave;
 * - assetsUnderManagement: what the ledger says the platform owes its users
 *   (wallet + held + invested, summed over every user's accounts);
 * - paidOut: profit credited to users' wallets (maturity profit, profit adjustments,
 *   referral bonuses), i.e. minus the platform's profit_expense accounts.
 * The ledger keeps each account's balance cached on its row, so this is one grouped read.
 */
export async function getPublicStats(db: DbOrTx): Promise<PublicStats> {
  const live = isNull(users.deletedAt);
  const [people] = await db
    .select({ investors: count(), countries: countDistinct(users.country) })
    .from(users)
    .where(and(live, ne(users.country, '')));
  const [all] = await db.select({ investors: count() }).from(users).where(live);
  const by = await accountTotals(db, ['wallet', 'held', 'invested', 'profit_expense']);
  const get = (kind: AccountKind) => by.get(kind) ?? 0n;
  const aum = get('wallet') + get('held') + get('invested');
  const paid = -get('profit_expense');
  return {
    investors: Number(all?.investors ?? 0),
    countries: Number(people?.countries ?? 0),
    assetsUnderManagement: formatCents(aum > 0n ? aum : 0n),
    paidOut: formatCents(paid > 0n ? paid : 0n),
  };
}

/** The operator's settings a visitor may see (support contacts, embeds, risk notice). */
export async function getPublicSettings(deps: Pick<AppDeps, 'db' | 'config'>): Promise<PublicSettings> {
  const settings = await getSettings(deps.db);
  const plans = await listPlans(deps.db);
  return {
    supportPhone: settings.support.phone,
    supportEmail: settings.support.email,
    chatEmbedUrl: settings.support.chatEmbedUrl,
    supportHours: settings.support.hours,
    minInvestment: plans.length ? formatCents(Math.min(...plans.map((plan) => plan.minCents))) : null,
    chartServiceUrl: settings.chartServiceUrl,
    social: settings.social,
    operator: settings.operator,
    // Empty while it is the product's own notice: the web shows that in the visitor's language.
    riskNotice: settings.riskNotice.trim() === DEFAULT_RISK_NOTICE ? '' : settings.riskNotice,
    googleSignIn: Boolean(deps.config.googleClientId),
  };
}

/**
 * The contact form (SPEC §3, PRODUCT §3 "support by email"): goes to the support mailbox
 * through the outbox, with the visitor's address as Reply-To so support can simply answer.
 */
export async function sendContactMessage(deps: Pick<AppDeps, 'db' | 'outbox' | 'config'>, input: ContactInput & { user_email: string }, meta: { ip: string }) {
  const settings = await getSettings(deps.db);
  const name = input.user_name.trim();
  await deps.outbox.enqueue(deps.db, {
    // Without a support address the message stays in the outbox, where staff read it.
    to: settings.support.email || deps.config.adminEmail || 'support@localhost',
    replyTo: input.user_email,
    kind: 'contact',
    content: {
      subject: `Contact form: ${name}`.slice(0, 200),
      heading: 'New message from the contact form',
      paragraphs: [`From: ${name} <${input.user_email}>`, input.message.trim()],
      footnote: `Sent from the Help Center form (IP ${meta.ip}). Reply to this email to answer the visitor.`,
    },
  });
  return { message: CONTACT_MESSAGES.sent };
}
