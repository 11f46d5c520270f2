import type { App } from '../plugins/types';
import { adminRoutes } from './api/admin';
import { adminUsersRoutes } from './api/admin-users';
import { healthRoutes } from './api/health';
import { kycRoutes } from './api/kyc';
import { publicSiteRoutes } from './api/public-site';
import { usersAuthRoutes } from './api/users-auth';
import { countriesRoutes } from './api/countries';
import { investmentRoutes, investPlanRoutes } from './api/invest';
import { referralRoutes } from './api/referrals';
import { paymentsRoutes } from './api/payments';
import { withdrawalsRoutes } from './api/withdrawals';
import { moneyRoutes } from './api/money';
import { passkeysRoutes } from './api/passkeys';
import { staffHomeRoutes } from './api/staff-home';

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
  await app.register(passkeysRoutes);
  await app.register(staffHomeRoutes);
}
