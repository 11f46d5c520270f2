import { historyPageSchema, historyQuerySchema } from '@app/shared';
import { acceptedCoding } from '../../../lib/content-coding';
import { currentUser, sessionWith } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { historyCsvBody, transactionHistoryPage } from '../../../services/history/history';
import { findSessionWithHistoryState } from '../../../services/history/page-cache';
import { routeOptions } from '../../route-options';

const route = routeOptions('money');

export async function historyRoutes(app: App) {
  // The history version comes with the session, in one round trip: a page rendered at it is answered from memory (ADR 0023).
  const withHistoryState = sessionWith(findSessionWithHistoryState);
  app.get(
    '/api/invest/getTransactionHistory',
    {
      preValidation: withHistoryState.hook,
      ...route.user(
        'Deposits, withdrawals, adjustments and investments, newest first, with filters and a cursor',
        { querystring: historyQuerySchema, response: { 200: historyPageSchema } },
      ),
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { type, status, cursor, limit, format } = request.query;
      const accepted = acceptedCoding(request.headers['accept-encoding']);
      // Besides the session's Cookie and Authorization: the body depends on the encoding asked for.
      reply.header('vary', [reply.getHeader('vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
      if (format === 'csv') {
        const csv = await historyCsvBody(app.deps.db, { userId, type, status }, accepted);
        if (csv.encoding) reply.header('content-encoding', csv.encoding);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="transaction-history.csv"')
          .send(csv.body as never);
      }
      // The items are stored as JSON text (ADR 0019): sent as they are (bytes), not parsed and re-serialized.
      const page = await transactionHistoryPage(app.deps, { userId, type, status, cursor, limit }, withHistoryState.data(request), accepted);
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply.type('application/json; charset=utf-8').send(page.body as never);
    },
  );
}
