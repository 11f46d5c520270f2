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
    social: { facebook: '', instagram: '', linkedin: '', whatsapp: '', x: '' },
    operator: { legalName: '', address: '', registrationNumber: '', regulator: '' },
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

describe('the settings form’s addresses', () => {
  it('refuses what is not an absolute https URL on its own field, with the server’s message', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'http://charts.example.com', '/market-rates', 'charts.example.com']) {
      expect(issues(form({ chartServiceUrl: url, support: { phone: '', email: '', chatEmbedUrl: url, hours: '' } }))).toEqual([
        ['support.chatEmbedUrl', SETTINGS_MESSAGES.chatUrl],
        ['chartServiceUrl', SETTINGS_MESSAGES.chartUrl],
      ]);
    }
    expect(issues(form({ explorerTxUrl: 'http://etherscan.io/tx/{hash}' }))).toEqual([['explorerTxUrl', SETTINGS_MESSAGES.explorerUrl]]);
    expect(issues(form({ explorerTxUrl: 'https://{hash}.example/' }))).toEqual([['explorerTxUrl', SETTINGS_MESSAGES.explorerUrl]]);
  });

  it('turns a WhatsApp phone number into its wa.me link', () => {
    const social = { facebook: 'https://facebook.com/vaultline', instagram: '', linkedin: '', whatsapp: '+1 (555) 010-0123', x: '' };
    expect(settingsFormSchema.parse(form({ social })).social).toEqual({ ...social, whatsapp: 'https://wa.me/15550100123' });
    expect(issues(form({ social: { ...social, whatsapp: 'https://evil.example/1' } }))).toEqual([['social.whatsapp', SETTINGS_MESSAGES.whatsapp]]);
  });
});
