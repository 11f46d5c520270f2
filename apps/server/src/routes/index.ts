import type { App } from '../plugins/types';
import { adminRoutes } from './api/admin/back-office';
import { adminUsersRoutes } from './api/admin/users';
import { healthRoutes } from './api/system/health';
import { kycRoutes } from './api/kyc/kyc';
import { publicSiteRoutes } from './api/public/site';
import { usersAuthRoutes } from './api/auth/account';
import { countriesRoutes } from './api/public/countries';
import { investmentRoutes, investPlanRoutes } from './api/invest/investments';
import { referralRoutes } from './api/invest/referrals';
import { paymentsRoutes } from './api/money/payments';
import { withdrawalsRoutes } from './api/money/withdrawals';
import { moneyRoutes } from './api/money/money';

/** Every route module, registered in buildApp. */
export async function registerRoutes(app: App) {
  await app.register(healthRoutes);
  await app.register(kycRoutes);
  await app.register(publicSiteRoutes);
  await app.register(usersAuthRoutes);
  await app.register(countriesRoutes);
  await app.register(investPlanRoutes);
  await app.register(investmentRoutes);
  await app.register(referralRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminRoutes);
  await app.register(paymentsRoutes);
  await app.register(withdrawalsRoutes);
  await app.register(moneyRoutes);
}
