import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, settingsFormSchema, type SettingsFormValues } from './index';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

function form(overrides: Partial<SettingsFormValues> = {}): SettingsFormValues {
  return {
    depositAddresses: { BTC: '', ETH: '', USDT: '' },
    watchKeys: { evm: '', btc: '' },
    evmTokens: [],
    explorerTxUrl: '',
    withdrawalFee: { flatCents: '1.50', basisPoints: '0.5' },
    referralBonus: { basisPoints: '5', capCents: '5.00' },
    support: { phone: '', email: '', chatEmbedUrl: '', hours: '' },
    chartServiceUrl: ' ',
    riskNotice: 'Capital at risk.',
    requireStaffTwoFactor: false,
    fourEyesThresholdCents: '',
    ...overrides,
  };
}

const issues = (values: SettingsFormValues) => settingsFormSchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the settings form', () => {
  it('turns dollars and percent into cents and basis points, and leaves empty keys and addresses unset', () => {
    const patch = settingsFormSchema.parse(
      form({
        evmTokens: [{ symbol: 'usdc', contract: USDC, decimals: '6', usd: true }],
        depositAddresses: { BTC: ' bc1qexample ', ETH: '', USDT: '0xkept-only-while-listed' },
      }),
    );
    expect(patch.withdrawalFee).toEqual({ flatCents: 150, basisPoints: 50 });
    expect(patch.referralBonus).toEqual({ basisPoints: 500, capCents: 500 });
    expect(patch.fourEyesThresholdCents).toBe(0);
    expect(patch.evmTokens).toEqual([{ symbol: 'USDC', contract: USDC, decimals: 6, usd: true }]);
    // USDT is no longer an asset once USDC is the configured token.
    expect(patch.depositAddresses).toEqual({ BTC: 'bc1qexample' });
    expect(patch.watchKeys).toEqual({});
    expect(patch.chartServiceUrl).toBe('');
  });

  it('refuses on the field: a number with more than two decimals, then the server’s own range', () => {
    expect(issues(form({ withdrawalFee: { flatCents: 'abc', basisPoints: '1.234' } }))).toEqual([
      ['withdrawalFee.flatCents', SETTINGS_MESSAGES.hundredths],
      ['withdrawalFee.basisPoints', SETTINGS_MESSAGES.hundredths],
    ]);
    expect(issues(form({ referralBonus: { basisPoints: '5', capCents: '5.01' }, fourEyesThresholdCents: '10000000.01' }))).toEqual([
      ['referralBonus.capCents', SETTINGS_MESSAGES.bonusCap],
      ['fourEyesThresholdCents', SETTINGS_MESSAGES.fourEyes],
    ]);
    expect(issues(form({ evmTokens: [{ symbol: 'usdc', contract: USDC, decimals: 'six', usd: true }] }))).toEqual([['evmTokens.0.decimals', 'Token decimals must be a whole number from 0 to 36']]);
  });
});
