import { formatCents, REFERRAL_MESSAGES, referralsAnswerSchema } from '@app/shared';
import type { App } from '../../../plugins/types';
import { currentUser, requireUser } from '../../../plugins/session';
import { getSettings } from '../../../services/platform/settings';
import { listReferrals } from '../../../services/invest/referrals';

/** GET /api/users/referrals: the caller's code, link path, bonus terms and referred users. */
export async function referralRoutes(app: App) {
  app.get(
    '/api/users/referrals',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary: "The caller's referral code and referred users (message 'No referrals' when none)",
        response: { 200: referralsAnswerSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const [{ referrals, totalBonusCents }, settings] = await Promise.all([listReferrals(app.deps.db, user.id), getSettings(app.deps.db)]);
      return {
        referrals,
        ...(referrals.length === 0 ? { message: REFERRAL_MESSAGES.none } : {}),
        referralCode: user.referralCode,
        referralPath: `/register?ref=${encodeURIComponent(user.referralCode)}`,
        bonusPercent: settings.referralBonus.basisPoints / 100,
        bonusCap: formatCents(settings.referralBonus.capCents),
        totalBonus: formatCents(totalBonusCents),
      };
    },
  );
}

