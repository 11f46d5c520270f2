import { z } from 'zod';
import {
  feeScheduleViewSchema,
  idParam,
  messageSchema,
  pendingWithdrawalListSchema,
  staffQueueQuerySchema,
  savedWalletListSchema,
  savedWalletSchema,
  savedWalletViewSchema,
  withdrawalAnswerSchema,
  withdrawalAssetListSchema,
  withdrawalCreateSchema,
  withdrawalDecisionAnswerSchema,
  withdrawalDecisionSchema,
  withdrawalViewSchema,
} from '@app/shared';
import type { App } from '../../../plugins/types';
import { currentUser } from '../../../plugins/session';
import { sendJsonText } from '../../../plugins/response-serializer';
import { auditActor } from '../../../services/platform/audit';
import { withIdempotency } from '../../../services/platform/idempotency';
import {
  createWithdrawal,
  decideWithdrawal,
  feeSchedule,
  getWithdrawal,
  listPendingWithdrawals,
  withdrawalAssets,
} from '../../../services/money/withdrawals';
import { deleteSavedWallet, listSavedWallets, saveWallet } from '../../../services/money/saved-wallets';
import { routeOptions } from '../../route-options';

const route = routeOptions('withdrawals');

/** PUT approve/reject may come without a body. */
const decisionBody = z.preprocess((value) => value ?? {}, withdrawalDecisionSchema);

export async function withdrawalsRoutes(app: App) {
  app.get(
    '/api/withDraw/fees',
    route.user('The withdrawal fee schedule (flat + percent), shown before confirming', { response: { 200: feeScheduleViewSchema } }),
    async () => feeSchedule(app.deps.db),
  );

  app.get(
    '/api/withDraw/assets',
    route.user(
      'The assets that can be withdrawn (BTC, ETH and the configured tokens) and their networks',
      { response: { 200: withdrawalAssetListSchema } },
    ),
    async () => ({ assets: await withdrawalAssets(app.deps) }),
  );

  app.post(
    '/api/withDraw/create',
    route.user(
      'Request a withdrawal: holds the amount. Honours Idempotency-Key.',
      { body: withdrawalCreateSchema, response: { 201: withdrawalAnswerSchema } },
    ),
    (request, reply) => withIdempotency(request, reply, (deps) => createWithdrawal(deps, currentUser(request), request.body), { status: 201 }),
  );

  app.get(
    '/api/withDraw/pending',
    route.staff(
      'Pending withdrawals, oldest first, with age (staff); a page of `limit` (50) after `cursor`',
      { querystring: staffQueueQuerySchema, response: { 200: pendingWithdrawalListSchema } },
    ),
    async (request, reply) => sendJsonText(reply, await listPendingWithdrawals(app.deps, request.query)),
  );

  app.get(
    '/api/withDraw/get-withdrawal/:id',
    route.user('One withdrawal (its owner or staff)', { params: idParam, response: { 200: withdrawalViewSchema } }),
    async (request) => getWithdrawal(app.deps, currentUser(request), request.params.id),
  );

  for (const [action, decision] of [
    ['approve', 'Approved'],
    ['reject', 'Rejected'],
  ] as const) {
    app.put(
      `/api/withDraw/${action}/:id`,
      route.staff(
        `${decision === 'Approved' ? 'Approve (pay out) a pending withdrawal with the payout `txHash` (required and checked on chain where the network has an RPC); above the four-eyes threshold the first approval is recorded (202) and a second staff member pays out' : 'Reject (release) a pending withdrawal'} (staff); 409 when already decided. Honours Idempotency-Key.`,
        { params: idParam, body: decisionBody, response: { 200: withdrawalDecisionAnswerSchema, 202: withdrawalDecisionAnswerSchema } },
      ),
      (request, reply) =>
        withIdempotency(request, reply, (deps) => decideWithdrawal(deps, currentUser(request), auditActor(request), request.params.id, decision, request.body), {
          status: (answer) => (answer.pendingApproval ? 202 : 200),
        }),
    );
  }

  app.get(
    '/api/withDraw/wallets',
    route.user('Saved withdrawal addresses (up to two)', { response: { 200: savedWalletListSchema } }),
    async (request) => ({ wallets: await listSavedWallets(app.deps.db, currentUser(request).id) }),
  );

  app.post(
    '/api/withDraw/wallets',
    route.user('Save a withdrawal address (409 when two are saved)', { body: savedWalletSchema, response: { 201: savedWalletViewSchema } }),
    async (request, reply) => {
      const wallet = await saveWallet(app.deps.db, currentUser(request).id, request.body);
      return reply.code(201).send(wallet);
    },
  );

  app.delete(
    '/api/withDraw/wallets/:id',
    route.user('Delete a saved withdrawal address', { params: idParam, response: { 200: messageSchema } }),
    async (request) => {
      await deleteSavedWallet(app.deps.db, currentUser(request).id, request.params.id);
      return { message: 'Wallet address deleted' };
    },
  );
}
