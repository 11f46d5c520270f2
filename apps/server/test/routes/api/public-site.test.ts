import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTACT_MESSAGES, REQUIRED, INVALID_EMAIL } from '@app/shared';
import { useTestApp } from '../../helpers/build-test-app';
import { emailOutbox, ledgerAccounts, users } from '../../../src/db/schema';
import { putSettings } from '../../../src/services/platform/settings';
import { CONTACT_RATE_LIMIT } from '../../../src/routes/api/public/site';

const t = useTestApp({ config: { googleClientId: 'client-123.apps.googleusercontent.com' } });

describe('GET /api/stats', () => {
  it('reports live figures from the database, not constants', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/stats' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ investors: 0, countries: 0, assetsUnderManagement: '0.00', paidOut: '0.00' });

    const a = await t.createUser();
    const b = await t.createUser();
    const c = await t.createUser();
    await t.database.db.update(users).set({ country: 'GB' }).where(eq(users.id, b.user.id));
    await t.database.db.update(users).set({ country: 'DE', deletedAt: new Date() }).where(eq(users.id, c.user.id));
    // Account balances as the ledger caches them: a holds $150.25 in the wallet, $50 held, $300 invested, $24 profit credited.
    await t.database.db.insert(ledgerAccounts).values([
      { userId: a.user.id, kind: 'wallet', balanceCents: 15_025 },
      { userId: a.user.id, kind: 'held', balanceCents: 5_000 },
      { userId: b.user.id, kind: 'invested', balanceCents: 30_000 },
      { userId: b.user.id, kind: 'profit_expense', balanceCents: -2_400 },
      { userId: b.user.id, kind: 'received_funds', balanceCents: -47_625 },
    ]);

    const response = await t.app.inject({ method: 'GET', url: '/api/stats' });
    expect(response.json()).toEqual({ investors: 2, countries: 2, assetsUnderManagement: '500.25', paidOut: '24.00' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/settings/public', () => {
  it('gives support contacts, embeds, the risk notice and whether Google sign-in is on, and nothing private', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // A fresh install claims no channel it does not have: no phone, no email, no chat, no hours.
    expect(body).toMatchObject({ supportPhone: '', supportEmail: '', supportHours: '', chartServiceUrl: '', chatEmbedUrl: '', googleSignIn: true, minInvestment: '100.00' });
    // The product's own risk notice is left to the web app, which shows it in the visitor's language.
    expect(body.riskNotice).toBe('');
    expect(body.social).toEqual({ facebook: '', instagram: '', linkedin: '', whatsapp: '', x: '' });
    expect(body.operator).toEqual({ legalName: '', address: '', registrationNumber: '', regulator: '' });
    expect(Object.keys(body).sort()).toEqual(['chartServiceUrl', 'chatEmbedUrl', 'googleSignIn', 'minInvestment', 'operator', 'riskNotice', 'social', 'supportEmail', 'supportHours', 'supportPhone']);
  });

  it('reflects the operator settings', async () => {
    await putSettings(t.database.db, { riskNotice: 'Capital at risk.', chartServiceUrl: 'https://charts.example.com/embed' }, null);
    const body = (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(body.riskNotice).toBe('Capital at risk.');
    expect(body.chartServiceUrl).toBe('https://charts.example.com/embed');
  });
});

describe('POST /api/contact', () => {
  const valid = { user_name: 'Grace Hopper', user_email: 'Grace@Example.com', message: 'How do I upgrade my plan?' };

  it('refuses missing fields and invalid emails with the spec messages, and sends nothing', async () => {
    const before = await t.database.db.select().from(emailOutbox);
    for (const body of [{ ...valid, user_name: '  ' }, { ...valid, message: '' }, { user_name: 'x', message: 'y' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: body, remoteAddress: '10.0.0.1' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: REQUIRED });
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...valid, user_email: 'nope@' }, remoteAddress: '10.0.0.1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: INVALID_EMAIL });
    expect(await t.database.db.select().from(emailOutbox)).toHaveLength(before.length);
  });

  it('sends the message to the support mailbox with the visitor as Reply-To', async () => {
    await putSettings(t.database.db, { support: { phone: '+1 555 0100', email: 'help@operator.test', chatEmbedUrl: '', hours: '' } }, null);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...valid, message: 'Hello <b>team</b>' },
      remoteAddress: '10.0.0.2',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CONTACT_MESSAGES.sent });
    const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'contact'));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.toAddress).toBe('help@operator.test');
    expect(row!.replyTo).toBe('grace@example.com');
    expect(row!.subject).toContain('Grace Hopper');
    expect(row!.text).toContain('Hello <b>team</b>');
    expect(row!.html).toContain('Hello &lt;b&gt;team&lt;/b&gt;');
  });

  it('is rate-limited per address with a clear 429', async () => {
    const send = () => t.app.inject({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress: '10.0.0.3' });
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many messages/);
    const other = await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress: '10.0.0.4' });
    expect(other.statusCode).toBe(200);
  });

  it('refuses cross-site posts', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: valid,
      headers: { origin: 'https://evil.example' },
      remoteAddress: '10.0.0.5',
    });
    expect(response.statusCode).toBe(403);
  });
});
