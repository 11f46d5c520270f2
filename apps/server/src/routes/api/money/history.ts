import { historyPageSchema, historyQuerySchema } from '@app/shared';
import { currentUser, requireUser } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { historyCsv } from '../../../services/history/history';
import { HISTORY_SOURCES, transactionHistory } from '../../../services/history/sources';

export async function historyRoutes(app: App) {
  app.get(
    '/api/invest/getTransactionHistory',
    {
      preHandler: requireUser,
      schema: {
        tags: ['money'],
        summary: 'Deposits, withdrawals, adjustments and investments, newest first, with filters and a cursor',
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { type, status, cursor, limit, format } = request.query;
      if (format === 'csv') {
        const csv = await historyCsv(app.deps.db, HISTORY_SOURCES, { userId, type, status });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="transaction-history.csv"')
          .serializer((payload: unknown) => payload as string)
          .send(csv as never);
      }
      return transactionHistory(app.deps, { userId, type, status, cursor, limit });
    },
  );
}
