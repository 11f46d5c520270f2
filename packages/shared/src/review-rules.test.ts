import { describe, expect, it } from 'vitest';
import { startInvestFormSchema, upgradeFormSchema, withdrawalAmountProblem, withdrawalReviewSchema } from './index';

const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const PLANS = [
  { _id: 'basic', name: 'Basic', minAmount: '100.00', maxAmount: '190.00' },
  { _id: 'standard', name: 'Standard', minAmount: '200.00', maxAmount: '290.00' },
];

describe('withdrawal review', () => {
  const limits = { availableCents: 10_000, fee: { flatCents: 100, basisPoints: 100 } };

  it('holds the amount, fee included, to the available balance and above the fee', () => {
    expect(withdrawalAmountProblem(10_000, limits)).toBeNull();
    expect(withdrawalAmountProblem(10_001, limits)).toBe('Insufficient available balance: you have $100.00 available.');
    expect(withdrawalAmountProblem(101, limits)).toBe('The amount must be larger than the withdrawal fee ($1.01)');
  });

  it('answers every field at once, and gives the fee and net on success', () => {
    const schema = withdrawalReviewSchema(limits);
    const refused = schema.safeParse({ asset: 'BTC', walletAddress: ETH, amount: '' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['walletAddress', 'Please enter a valid wallet address for the selected asset'],
      ['amount', 'Amount is required'],
    ]);
    expect(schema.parse({ asset: 'eth', walletAddress: ETH, amount: '50' })).toEqual({ asset: 'ETH', walletAddress: ETH, amountCents: 5_000, feeCents: 150, netCents: 4_850 });
  });
});

describe('start investment', () => {
  it('needs a plan and an amount in its range and within the available balance', () => {
    const schema = startInvestFormSchema(PLANS, 15_000);
    expect(schema.safeParse({ planId: '', amount: '' }).error?.issues.map((issue) => issue.message)).toEqual(['Please select an investment plan.', 'Please enter an amount.']);
    expect(schema.safeParse({ planId: 'basic', amount: '99.99' }).error?.issues[0]?.message).toBe('The Basic plan accepts $100.00 to $190.00');
    expect(schema.safeParse({ planId: 'basic', amount: '150.01' }).error?.issues[0]?.message).toBe('Insufficient available balance: you have $150.00 available.');
    expect(schema.parse({ planId: 'basic', amount: '150' })).toEqual({ plan: PLANS[0], amountCents: 15_000 });
    // While the balance is loading, the server is left to check it.
    expect(startInvestFormSchema(PLANS, null).safeParse({ planId: 'basic', amount: '190' }).success).toBe(true);
  });
});

describe('upgrade', () => {
  it("brings principal plus top-up into the new plan's range, the top-up within the available balance", () => {
    const schema = upgradeFormSchema(PLANS, 15_000, 4_000);
    expect(schema.safeParse({ planId: 'standard', topUp: '' }).error?.issues[0]?.message).toBe(
      'The Standard plan accepts $200.00 to $290.00; your $150.00 plus the top-up gives $150.00',
    );
    expect(schema.safeParse({ planId: 'standard', topUp: '50' }).error?.issues[0]?.message).toBe('Insufficient available balance: you have $40.00 available.');
    expect(upgradeFormSchema(PLANS, 15_000, 5_000).parse({ planId: 'standard', topUp: '50' })).toEqual({ plan: PLANS[1], topUpCents: 5_000 });
    expect(upgradeFormSchema(PLANS, 20_000, 0).parse({ planId: 'standard', topUp: '0' })).toEqual({ plan: PLANS[1], topUpCents: 0 });
  });
});
