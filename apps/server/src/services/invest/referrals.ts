import { and, desc, eq, isNull } from 'drizzle-orm';
import { formatCents, type ReferralView } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { referralBonusesCredited } from '../../ledger/reads';

export interface ReferralList {
  referrals: ReferralView[];
  totalBonusCents: number;
}

/**
 * The users the caller referred (name, email, photo), newest first, with the bonus each
 * earned, read from the referrer's referral_bonus journals. Deleted accounts are left out
 * (their personal data is gone). The bonus itself is credited when a referred user's first
 * deposit is confirmed (money/payment-decisions.ts) through the ledger's creditReferralBonus,
 * whose (kind, reference) uniqueness makes it once per referred user.
 */
export async function listReferrals(db: DbOrTx, referrerId: string): Promise<ReferralList> {
  const referred = await db
    .select({ id: users.id, name: users.name, email: users.email, photo: users.photo, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.referredById, referrerId), isNull(users.deletedAt)))
    .orderBy(desc(users.createdAt), desc(users.id));
  if (referred.length === 0) return { referrals: [], totalBonusCents: 0 };
  const bonusByUser = await referralBonusesCredited(db, referrerId, referred.map((user) => user.id));
  let totalBonusCents = 0;
  const referrals = referred.map((user) => {
    const bonus = bonusByUser.get(user.id);
    if (bonus !== undefined) totalBonusCents += bonus;
    return {
      _id: user.id,
      name: user.name,
      email: user.email,
      photo: user.photo,
      joinedAt: user.createdAt.toISOString(),
      bonus: bonus === undefined ? null : formatCents(bonus),
    };
  });
  return { referrals, totalBonusCents };
}
