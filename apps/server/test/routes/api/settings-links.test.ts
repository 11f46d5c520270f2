import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SETTINGS_MESSAGES, socialLinkMessage, type PublicSettings, type Settings } from '@app/shared';
import { useTestApp, useUser } from '../../helpers/build-test-app';
import { auditLog, settings } from '../../../src/db/schema';
import { explorerUrl } from '../../../src/chain/assets';
import { getSettings } from '../../../src/services/platform/settings';
import { ConfigError, loadChainConfig } from '../../../src/config';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });

const put = (payload: Partial<Record<keyof Settings, unknown>>) => t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload });
const adminSettings = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.headers })).json<Settings>();
const publicSettings = async () => (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json<PublicSettings>();
const auditCount = async () => (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).length;

/** Every way an address could be other than an absolute https URL. */
const BAD_URLS = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)//https://x.example',
  'data:text/html,<script>alert(1)</script>',
  'http://charts.example.com/embed',
  '/market-rates',
  '//charts.example.com/embed',
  'charts.example.com/embed',
  'https://',
  'https:charts.example.com',
  'https://bank.example@evil.example/',
  'https://charts.example.com/a b',
  'ftp://charts.example.com/',
  `https://charts.example.com/${'a'.repeat(500)}`,
];

describe('URL settings: absolute https: addresses only', () => {
  const support = { phone: '+1 555 0100', email: 'help@operator.test', chatEmbedUrl: 'https://chat.example.com/widget', hours: '24/7' };

  it('takes https addresses, and empty ones (not set)', async () => {
    const response = await put({
      support,
      chartServiceUrl: 'https://charts.example.com/embed?theme=dark',
      explorerTxUrl: 'https://etherscan.io/tx/{hash}',
      social: { facebook: 'https://www.facebook.com/vaultline', instagram: '', linkedin: 'https://www.linkedin.com/company/vaultline', whatsapp: '', x: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ support, chartServiceUrl: 'https://charts.example.com/embed?theme=dark', explorerTxUrl: 'https://etherscan.io/tx/{hash}' });
    expect(await publicSettings()).toMatchObject({ chatEmbedUrl: support.chatEmbedUrl, chartServiceUrl: 'https://charts.example.com/embed?theme=dark' });
  });

  it('refuses every other scheme or form with a 400 naming the setting, and changes nothing', async () => {
    const before = await adminSettings();
    const audits = await auditCount();
    const cases: Array<[string, (url: string) => Partial<Record<keyof Settings, unknown>>, string]> = [
      ['chart', (url) => ({ chartServiceUrl: url, riskNotice: 'changed' }), SETTINGS_MESSAGES.chartUrl],
      ['chat', (url) => ({ support: { ...support, chatEmbedUrl: url } }), SETTINGS_MESSAGES.chatUrl],
      ['explorer', (url) => ({ explorerTxUrl: `${url}{hash}` }), SETTINGS_MESSAGES.explorerUrl],
      ['facebook', (url) => ({ social: { ...before.social, facebook: url } }), socialLinkMessage('Facebook')],
      ['x', (url) => ({ social: { ...before.social, x: url } }), socialLinkMessage('X')],
    ];
    for (const [setting, patch, message] of cases) {
      for (const url of BAD_URLS) {
        const response = await put(patch(url));
        expect(response.statusCode, `${setting}: ${url}`).toBe(400);
        expect(response.json(), `${setting}: ${url}`).toEqual({ message });
      }
    }
    expect(await adminSettings()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('keeps the explorer link’s {hash} check', async () => {
    const response = await put({ explorerTxUrl: 'https://etherscan.io/tx/' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SETTINGS_MESSAGES.explorerUrl });
  });

  it('takes WhatsApp as a wa.me link or a phone number turned into one', async () => {
    const social = (await adminSettings()).social;
    const phone = await put({ social: { ...social, whatsapp: '+44 (0)20 7946 0958' } });
    expect(phone.statusCode).toBe(200);
    expect(phone.json().social.whatsapp).toBe('https://wa.me/4402079460958');
    const link = await put({ social: { ...social, whatsapp: 'https://wa.me/15550100123' } });
    expect(link.json().social.whatsapp).toBe('https://wa.me/15550100123');
    for (const whatsapp of ['https://evil.example/15550100123', 'javascript:alert(1)', 'http://wa.me/15550100123', 'https://wa.me/', 'call me']) {
      const refused = await put({ social: { ...social, whatsapp } });
      expect(refused.statusCode, whatsapp).toBe(400);
      expect(refused.json()).toEqual({ message: SETTINGS_MESSAGES.whatsapp });
    }
    expect((await publicSettings()).social.whatsapp).toBe('https://wa.me/15550100123');
  });

  it('gives visitors the operator identity as set', async () => {
    const operator = { legalName: 'Vaultline Ltd', address: '1 Example Street, London', registrationNumber: '12345678', regulator: 'Financial Conduct Authority' };
    expect((await put({ operator })).statusCode).toBe(200);
    expect((await publicSettings()).operator).toEqual(operator);
  });
});

describe('URL settings stored before the rule', () => {
  it('read as not set: no page, API answer or explorer link carries them', async () => {
    const stored: Record<string, unknown> = {
      chartServiceUrl: 'javascript:alert(1)',
      explorerTxUrl: 'http://explorer.example/tx/{hash}',
      support: { phone: '+1 555 0100', email: 'help@operator.test', chatEmbedUrl: 'data:text/html,<script>alert(1)</script>', hours: '24/7' },
      social: { facebook: '/relative', instagram: 'https://www.instagram.com/vaultline', linkedin: '', whatsapp: 'https://evil.example/1', x: '' },
    };
    for (const [key, value] of Object.entries(stored)) {
      await t.database.db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
    }
    const visitor = await publicSettings();
    expect(visitor).toMatchObject({ chartServiceUrl: '', chatEmbedUrl: '', supportPhone: '+1 555 0100', supportEmail: 'help@operator.test' });
    expect(visitor.social).toEqual({ facebook: '', instagram: 'https://www.instagram.com/vaultline', linkedin: '', whatsapp: '', x: '' });
    const current = await getSettings(t.database.db);
    expect(current.explorerTxUrl).toBe('');
    expect(explorerUrl('http://explorer.example/tx/{hash}', '0xabc')).toBeNull();
    expect(explorerUrl('https://explorer.example/tx/{hash}', '0xabc')).toBe('https://explorer.example/tx/0xabc');
    // The admin's page shows them empty, and saving it is accepted.
    const page = await adminSettings();
    expect(page.chartServiceUrl).toBe('');
    expect((await put({ chartServiceUrl: page.chartServiceUrl, support: page.support, social: page.social })).statusCode).toBe(200);
  });
});

describe('the other ways in', () => {
  it('EVM_EXPLORER_URL (which seeds the explorer link) is an https template too', () => {
    for (const url of ['http://etherscan.io/tx/{hash}', 'javascript:alert("{hash}")', '/tx/{hash}', 'https://etherscan.io/tx/']) {
      expect(() => loadChainConfig({ EVM_EXPLORER_URL: url }), url).toThrow(ConfigError);
    }
    expect(loadChainConfig({ EVM_EXPLORER_URL: 'https://etherscan.io/tx/{hash}' }).evmExplorerUrl).toBe('https://etherscan.io/tx/{hash}');
  });

  it('the pages’ security policy frames https addresses only, never this site’s own pages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/market-rates' });
    const frameSrc = String(response.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('frame-src'));
    expect(frameSrc).toBe('frame-src blob: https:');
  });
});
