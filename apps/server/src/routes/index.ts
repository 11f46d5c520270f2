import type { App } from '../plugins/types';
import { approvalRoutes } from './api/admin/approvals';
import { auditRoutes } from './api/admin/audit';
import { outboxRoutes } from './api/admin/outbox';
import { queueRoutes } from './api/admin/queues';
import { settingsRoutes } from './api/admin/settings';
import { solvencyRoutes } from './api/admin/solvency';
import { adminUsersRoutes } from './api/admin/users';
import { usersAuthRoutes } from './api/auth/account';
import { investmentRoutes } from './api/invest/investments';
import { investPlanRoutes } from './api/invest/plans';
import { referralRoutes } from './api/invest/referrals';
import { kycRoutes } from './api/kyc/kyc';
import { adjustmentRoutes } from './api/money/adjustments';
import { dashboardRoutes } from './api/money/dashboard';
import { historyRoutes } from './api/money/history';
import { paymentsRoutes } from './api/money/payments';
import { withdrawalsRoutes } from './api/money/withdrawals';
import { countriesRoutes } from './api/public/countries';
import { publicSiteRoutes } from './api/public/site';
import { healthRoutes } from './api/system/health';
import { passkeysRoutes } from './api/auth/passkeys';
import { staffHomeRoutes } from './api/admin/staff-home';

/** Every route module, by resource folder, registered in buildApp. */
export async function registerRoutes(app: App) {
  await app.register(healthRoutes);
  await app.register(publicSiteRoutes);
  await app.register(countriesRoutes);
  await app.register(usersAuthRoutes);
  await app.register(kycRoutes);
  await app.register(investPlanRoutes);
  await app.register(investmentRoutes);
  await app.register(referralRoutes);
  await app.register(dashboardRoutes);
  await app.register(historyRoutes);
  await app.register(adjustmentRoutes);
  await app.register(paymentsRoutes);
  await app.register(withdrawalsRoutes);
  await app.register(adminUsersRoutes);
  await app.register(outboxRoutes);
  await app.register(auditRoutes);
  await app.register(settingsRoutes);
  await app.register(approvalRoutes);
  await app.register(solvencyRoutes);
  await app.register(queueRoutes);
  await app.register(passkeysRoutes);
  await app.register(staffHomeRoutes);
}
