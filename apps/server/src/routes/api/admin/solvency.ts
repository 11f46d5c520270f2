import { solvencyReportSchema } from '@app/shared';
import { requireStaff } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { onchainHoldings, solvencyReport } from '../../../services/admin/solvency';

/** Staff: what users are owed against what was received and paid. */
export async function solvencyRoutes(app: App) {
  const tags = ['admin'];

  app.get(
    '/api/admin/solvency',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Staff: what users are owed against what was received and paid, from the ledger',
        response: { 200: solvencyReportSchema },
      },
    },
    async () => ({ ...(await solvencyReport(app.deps.db)), onchain: await onchainHoldings(app.deps) }),
  );
}
