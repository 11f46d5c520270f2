import { z } from 'zod';
import { CHAIN_NETWORKS, savedWalletSchema, staffQueueQuerySchema, withdrawalAnswerSchema as answer, withdrawalDecisionAnswerSchema, withdrawalCreateSchema, withdrawalDecisionSchema, withdrawalViewSchema as withdrawalView } from '@app/shared';
import type { App } from '../../../plugins/types';
import { currentUser, requireStaff, requireUser } from '../../../plugins/session';
import { auditActor } from '../../../services/platform/audit';
import { withIdempotency } from '../../../services/platform/idempotency';
import {
  createWithdrawal,
  decideWithdrawal,
  deleteSavedWallet,
  feeSchedule,
  getWithdrawal,
  listPendingWithdrawals,
  listSavedWallets,
  saveWallet,
  withdrawalAssets,
} from '../../../services/money/withdrawals';

const savedWalletView = z.object({ _id: z.string(), asset: z.string(), address: z.string(), label: z.string(), createdAt: z.string() });
const idParam = z.object({ id: z.string().min(1).max(64) });
/** PUT approve/reject may come without a body. */
const decisionBody = z.preprocess((value) => value ?? {}, withdrawalDecisionSchema);

export async function withdrawalsRoutes(app: App) {
  app.get(
    '/api/withDraw/fees',
    {
      preHandler: requireUser,
      schema: {
        tags: ['withdrawals'],
        summary: 'The withdrawal fee schedule (flat + percent), shown before confirming',
        response: { 200: z.object({ flatCents: z.number(), basisPoints: z.number(), flat: z.string(), percent: z.string() }) },
      },
    },
    async () => feeSchedule(app.deps.db),
  );

  app.get(
    '/api/withDraw/assets',
    {
      preHandler: requireUser,
      schema: {
        tags: ['withdrawals'],
        summary: 'The assets that can be withdrawn (BTC, ETH and the configured tokens) and their networks',
        response: { 200: z.object({ assets: z.array(z.object({ asset: z.string(), network: z.enum(CHAIN_NETWORKS) })) }) },
      },
    },
    async () => ({ assets: await withdrawalAssets(app.deps) }),
  );

  app.post(
    '/api/withDraw/create',
    {
      preHandler: requireUser,
      schema: {
        tags: ['withdrawals'],
        summary: 'Request a withdrawal: holds the amount. Honours Idempotency-Key.',
        body: withdrawalCreateSchema,
        response: { 201: answer },
      },
    },
    (request, reply) => withIdempotency(request, reply, () => createWithdrawal(app.deps, currentUser(request), request.body), { status: 201 }),
  );

  app.get(
    '/api/withDraw/pending',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['withdrawals'],
        summary: 'Pending withdrawals, oldest first, with age (staff); a page of `limit` (50) after `cursor`',
        querystring: staffQueueQuerySchema,
        response: { 200: z.object({ withdrawals: z.array(withdrawalView), nextCursor: z.string().nullable() }) },
      },
    },
    async (request) => listPendingWithdrawals(app.deps, request.query),
  );

  app.get(
    '/api/withDraw/get-withdrawal/:id',
    { preHandler: requireUser, schema: { tags: ['withdrawals'], summary: 'One withdrawal (its owner or staff)', params: idParam, response: { 200: withdrawalView } } },
    async (request) => getWithdrawal(app.deps, currentUser(request), request.params.id),
  );

  for (const [action, decision] of [
    ['approve', 'Approved'],
    ['reject', 'Rejected'],
  ] as const) {
    app.put(
      `/api/withDraw/${action}/:id`,
      {
        preHandler: requireStaff,
        schema: {
          tags: ['withdrawals'],
          summary: `${decision === 'Approved' ? 'Approve (pay out) a pending withdrawal with the payout `txHash` (required and checked on chain where the network has an RPC); above the four-eyes threshold the first approval is recorded (202) and a second staff member pays out' : 'Reject (release) a pending withdrawal'} (staff); 409 when already decided`,
          params: idParam,
          body: decisionBody,
          response: { 200: withdrawalDecisionAnswerSchema, 202: withdrawalDecisionAnswerSchema },
        },
      },
      async (request, reply) => {
        const result = await decideWithdrawal(app.deps, currentUser(request), auditActor(request), request.params.id, decision, request.body);
        return reply.status(result.pendingApproval ? 202 : 200).send(result);
      },
    );
  }

  app.get(
    '/api/withDraw/wallets',
    { preHandler: requireUser, schema: { tags: ['withdrawals'], summary: 'Saved withdrawal addresses (up to two)', response: { 200: z.object({ wallets: z.array(savedWalletView) }) } } },
    async (request) => ({ wallets: await listSavedWallets(app.deps.db, currentUser(request).id) }),
  );

  app.post(
    '/api/withDraw/wallets',
    {
      preHandler: requireUser,
      schema: { tags: ['withdrawals'], summary: 'Save a withdrawal address (409 when two are saved)', body: savedWalletSchema, response: { 201: savedWalletView } },
    },
    async (request, reply) => {
      const wallet = await saveWallet(app.deps.db, currentUser(request).id, request.body);
      return reply.code(201).send(wallet);
    },
  );

  app.delete(
    '/api/withDraw/wallets/:id',
    { preHandler: requireUser, schema: { tags: ['withdrawals'], summary: 'Delete a saved withdrawal address', params: idParam, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await deleteSavedWallet(app.deps.db, currentUser(request).id, request.params.id);
      return { message: 'Wallet address deleted' };
    },
  );
}
