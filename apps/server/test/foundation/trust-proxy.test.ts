/**
 * TRUST_PROXY (issue 39.4): behind the proxies it names (a hop count, or their addresses and
 * CIDR ranges), the client's address is the one the nearest trusted proxy wrote, never what
 * the client itself put at the start of X-Forwarded-For. Per-address rate limits, the session
 * (sign-in) record, the new-browser email and the audit log all see that address.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceSessionList } from '@app/shared';
import { AUTH_RATE_LIMITS } from '../../src/routes/api/auth/rate-limits';
import { adminHelpers } from '../helpers/admin-calls';
import { Browser, lastEmail, registerIn, registration, STRONG_PASSWORD } from '../helpers/auth-browser';
import { buildTestApp, useTestApp, useUser, type TestApp } from '../helpers/build-test-app';

/** The load balancer's own address: what the app's socket sees. */
const BALANCER = '10.0.0.5';

/** Headers of a request through the balancer from `client`, whose own X-Forwarded-For said `written`. */
const through = (client: string, written = '6.6.6.6') => ({ 'x-forwarded-for': `${written}, ${client}` });

/** The address the app recorded for the browser's session (its signed-in devices list). */
async function sessionAddress(browser: Browser): Promise<string | null> {
  const response = await browser.get('/api/users/sessions');
  expect(response.statusCode).toBe(200);
  const { sessions } = response.json() as DeviceSessionList;
  return sessions.find((session) => session.current)!.ip;
}

describe('TRUST_PROXY=1 (one load balancer)', () => {
  const t = useTestApp({ config: { trustProxy: 1 } });
  const admin = useUser(t, { role: 'admin' });

  it('takes the address the balancer appended, not the one the client wrote', async () => {
    const browser = new Browser(t, BALANCER);
    const response = await browser.post('/api/users/register', registration(), through('203.0.113.7', '198.51.100.1, 6.6.6.6'));
    expect(response.statusCode).toBe(201);
    expect(await sessionAddress(browser)).toBe('203.0.113.7');
  });

  it('limits registrations per real address however the client rotates what it writes', async () => {
    const browser = new Browser(t, BALANCER);
    const attempt = (client: string, index: number) => browser.post('/api/users/register', registration(), through(client, `6.6.6.${index}`));
    for (let index = 0; index < 10; index += 1) expect((await attempt('203.0.113.20', index)).statusCode).toBe(201);
    const refused = await attempt('203.0.113.20', 99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts/);
    // Another real address behind the same balancer has its own count.
    expect((await attempt('203.0.113.21', 100)).statusCode).toBe(201);
  });

  it('limits sign-in attempts per real address alike', async () => {
    const browser = new Browser(t, BALANCER);
    const attempt = (client: string, index: number) =>
      browser.post('/api/users/login', { email: `nobody${index}@example.com`, password: 'wrong-password' }, through(client, `6.6.${index >> 8}.${index & 255}`));
    for (let index = 0; index < AUTH_RATE_LIMITS.login.ip; index += 1) expect((await attempt('203.0.113.25', index)).statusCode).toBe(401);
    expect((await attempt('203.0.113.25', 999)).statusCode).toBe(429);
    expect((await attempt('203.0.113.26', 1000)).statusCode).toBe(401);
  });

  it('names the real address in the new-browser sign-in email', async () => {
    const { body } = await registerIn(new Browser(t, BALANCER), {});
    const elsewhere = new Browser(t, BALANCER);
    const login = await elsewhere.post('/api/users/login', { email: body.email, password: STRONG_PASSWORD }, through('203.0.113.30', '192.0.2.99'));
    expect(login.json().message).toMatch(/New browser/);
    const email = await lastEmail(t, body.email, 'login-code');
    expect(email.text).toContain('(IP 203.0.113.30)');
    expect(email.text).not.toContain('192.0.2.99');
  });

  it('records the real address in the audit log', async () => {
    const { lastAudit } = adminHelpers(t);
    const target = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/upgradeUser',
      remoteAddress: BALANCER,
      headers: { ...admin.headers, ...through('203.0.113.40') },
      payload: { id: target.user.id, role: 'author' },
    });
    expect(response.statusCode).toBe(200);
    expect((await lastAudit('user.role_change'))!.ip).toBe('203.0.113.40');
  });

  it('takes a client that reaches the app directly at its word: one hop trusts any peer (hence addresses, below)', async () => {
    const browser = new Browser(t, '198.51.100.50');
    expect((await browser.post('/api/users/register', registration(), through('203.0.113.50'))).statusCode).toBe(201);
    expect(await sessionAddress(browser)).toBe('203.0.113.50');
  });
});

describe('TRUST_PROXY as proxy addresses and CIDR ranges', () => {
  const t = useTestApp({ config: { trustProxy: ['10.0.0.0/8', '192.168.1.1'] } });

  it('walks back through every trusted proxy to the first address none of them owns', async () => {
    const browser = new Browser(t, BALANCER);
    const chain = { 'x-forwarded-for': '6.6.6.6, 203.0.113.60, 192.168.1.1, 10.1.2.3' };
    expect((await browser.post('/api/users/register', registration(), chain)).statusCode).toBe(201);
    expect(await sessionAddress(browser)).toBe('203.0.113.60');
  });

  it('believes nothing from a peer outside the list: its own address counts, its https claim does not', async () => {
    const browser = new Browser(t, '198.51.100.61');
    const response = await browser.post('/api/users/register', registration(), { ...through('203.0.113.61'), 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(201);
    expect(response.cookies.find((cookie) => cookie.name === 'sid')!.secure).toBeFalsy();
    expect(await sessionAddress(browser)).toBe('198.51.100.61');
  });

  it('marks cookies Secure when a listed proxy says the request came over https', async () => {
    const browser = new Browser(t, BALANCER);
    const response = await browser.post('/api/users/register', registration(), { ...through('203.0.113.62'), 'x-forwarded-proto': 'https' });
    expect(response.cookies.find((cookie) => cookie.name === 'sid')!.secure).toBe(true);
  });

  it('takes IPv6 ranges and the loopback, linklocal and uniquelocal names', async () => {
    const v6 = await buildTestApp({ config: { trustProxy: ['loopback', 'linklocal', 'uniquelocal', '2001:db8::/32'] }, database: t.database });
    try {
      const browser = new Browser(v6, '2001:db8::10');
      expect((await browser.post('/api/users/register', registration(), through('2001:db9::1', '::1'))).statusCode).toBe(201);
      expect(await sessionAddress(browser)).toBe('2001:db9::1');
      const local = new Browser(v6, '127.0.0.1');
      expect((await local.post('/api/users/register', registration(), through('203.0.113.63'))).statusCode).toBe(201);
      expect(await sessionAddress(local)).toBe('203.0.113.63');
    } finally {
      await v6.app.close();
    }
  });
});

describe('TRUST_PROXY unset', () => {
  const t: TestApp = useTestApp();

  it('ignores X-Forwarded-For: the peer is the client', async () => {
    const browser = new Browser(t, '198.51.100.70');
    expect((await browser.post('/api/users/register', registration(), through('203.0.113.70'))).statusCode).toBe(201);
    expect(await sessionAddress(browser)).toBe('198.51.100.70');
  });
});
