import { dashboardSchema } from '@app/shared';
import { currentUser, requireUser, sessionWith } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { dashboard, findSessionWithDashboard } from '../../../services/money/dashboard';

export async function dashboardRoutes(app: App) {
  // The dashboard's figures come with the session, in one round trip.
  const withDashboard = sessionWith(findSessionWithDashboard);
  app.get(
    '/api/money/dashboard',
    {
      preValidation: withDashboard.hook,
      preHandler: requireUser,
      schema: {
        tags: ['money'],
        summary: "The signed-in user's figures (from the ledger) and balance over the last 30 days",
        response: { 200: dashboardSchema },
      },
    },
    async (request) => dashboard(currentUser(request), withDashboard.data(request), app.deps.now()),
  );
}
