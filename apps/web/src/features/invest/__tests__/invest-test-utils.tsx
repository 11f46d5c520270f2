import { serveApi as serveSignedInApi, type ApiAnswer, type ApiCall } from '../../../test/api';
import type { InvestmentView, PlanView } from '@app/shared';
import { fixture } from '../../../test/fixture';

export type SeenRequest = ApiCall;

/** The invest pages' API (signed in): every request is recorded in `seen`; unanswered paths get 404. */
export function serveApi(handler: (request: SeenRequest) => ApiAnswer) {
  const { fn, calls } = serveSignedInApi(handler);
  return { fn, seen: calls };
}

export const PLANS: PlanView[] = [
  plan('p-basic', 'Basic', 8, '100.00', '190.00', 86_400, 2920),
  plan('p-standard', 'Standard', 10, '200.00', '290.00', 86_400, 3650),
  plan('p-exec', 'Executive', 28, '700.00', '1000.00', 172_800, 5110),
];

function plan(id: string, name: string, roiPercent: number, minAmount: string, maxAmount: string, durationSeconds: number, annualRatePercent: number): PlanView {
  return { _id: id, name, roiPercent, annualRatePercent, minAmount, maxAmount, durationSeconds, description: '', benefits: [], retired: false };
}

export const investment = fixture<InvestmentView>({
  _id: 'inv-1',
  investmentId: 'INV-ABCD2345',
  plan: 'Basic',
  planId: 'p-basic',
  roiPercent: 8,
  durationSeconds: 86_400,
  amount: '150.00',
  status: 'Active',
  startDate: '2026-03-01T00:00:00.000Z',
  endDate: '2026-03-02T00:00:00.000Z',
  maturityAmount: '12.00',
  expectedPayout: '162.00',
  kind: 'new',
  upgradeFrom: null,
  upgradedTo: null,
  topUp: '0.00',
  endReason: null,
  createdAt: '2026-02-28T23:00:00.000Z',
  endedAt: null,
});
