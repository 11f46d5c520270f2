import { dashboardSchema } from '@app/shared';
import { currentUser, requireUser } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { dashboard, seriesStart } from '../../../services/money/dashboard';

export async function dashboardRoutes(app: App) {
  app.get(
    '/api/money/dashboard',
    {
      preHandler: requireUser,
      config: { sessionWithDailyMovesSince: seriesStart },
      schema: {
        tags: ['money'],
        summary: "The signed-in user's figures (from the ledger) and balance over the last 30 days",
        response: { 200: dashboardSchema },
      },
    },
    async (request) => {
      const { balances, dailyMoves } = request.auth!;
      return dashboard(currentUser(request), balances!, dailyMoves!, app.deps.now());
    },
  );
}
