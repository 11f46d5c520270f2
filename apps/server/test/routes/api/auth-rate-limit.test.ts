import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/build-test-app';
import { Browser, nextIp, registerIn, uniqueEmail } from '../../helpers/auth-browser';
import { AUTH_RATE_LIMITS } from '../../../src/routes/api/auth/rate-limits';

const t = useTestApp();

const TOO_MANY = /^Too many attempts\. Please wait \d+ minutes? and try again\.$/;

describe('sign-in rate limits', () => {
  it('limits password guesses per account across IPs (429 with a clear message), other accounts unaffected', async () => {
    const { body } = await registerIn(new Browser(t));
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMITS.login.account; i += 1) {
      const response = await new Browser(t).post('/api/users/login', { email: body.email, password: `wrong-${i}-pass` });
      statuses.push(response.statusCode);
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    const blocked = await new Browser(t).post('/api/users/login', { email: body.email, password: body.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const other = await registerIn(new Browser(t));
    const fine = await new Browser(t).post('/api/users/login', { email: other.body.email, password: 'wrong-pass-1' });
    expect(fine.statusCode).toBe(401);
  });

  it('limits sendAutomatedEmail per account', async () => {
    const { headers, user } = await t.createUser();
    const send = () => t.app.inject({ method: 'POST', url: '/api/users/sendAutomatedEmail', headers, payload: { send_to: user.email, template: 'changePassword' } });
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMITS.automatedEmail.account; i += 1) statuses.push((await send()).statusCode);
    expect(statuses.every((status) => status === 400)).toBe(true);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(TOO_MANY);
  });

  it('limits login attempts per IP whatever the account', async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i <= AUTH_RATE_LIMITS.login.ip; i += 1) {
      const response = await new Browser(t, ip).post('/api/users/login', { email: uniqueEmail(), password: 'x' });
      last = response.statusCode;
      if (last === 429) break;
    }
    expect(last).toBe(429);
    // Another IP still gets through.
    const other = await new Browser(t).post('/api/users/login', { email: uniqueEmail(), password: 'x' });
    expect(other.statusCode).toBe(401);
  });

  it('limits registrations per IP', async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i <= AUTH_RATE_LIMITS.register.ip; i += 1) {
      last = (await new Browser(t, ip).post('/api/users/register', { name: '' })).statusCode;
    }
    expect(last).toBe(429);
  });

  it('limits forgot-password per account and per IP', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_RATE_LIMITS.forgot.account; i += 1) {
      statuses.push((await new Browser(t).post('/api/users/forgotPassword', { email })).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i <= AUTH_RATE_LIMITS.forgot.ip; i += 1) {
      last = (await new Browser(t, ip).post('/api/users/forgotPassword', { email: uniqueEmail() })).statusCode;
    }
    expect(last).toBe(429);
  });

  it('limits code guesses per account and code sends', async () => {
    const email = uniqueEmail();
    const url = `/api/users/loginWithCode/${encodeURIComponent(email)}`;
    let last = 0;
    for (let i = 0; i <= AUTH_RATE_LIMITS.loginWithCode.account; i += 1) {
      last = (await new Browser(t).post(url, { loginCode: 'ABCDEF' })).statusCode;
    }
    expect(last).toBe(429);
    const sendUrl = `/api/users/sendLoginCode/${encodeURIComponent(email)}`;
    for (let i = 0; i <= AUTH_RATE_LIMITS.sendCode.account; i += 1) last = (await new Browser(t).post(sendUrl)).statusCode;
    expect(last).toBe(429);
  });

  it('limits reset attempts per IP', async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i <= AUTH_RATE_LIMITS.reset.ip; i += 1) {
      last = (await new Browser(t, ip).patch(`/api/users/resetPassword/${'x'.repeat(43)}`, { password: 'Whatever1!' })).statusCode;
    }
    expect(last).toBe(429);
  });

  it('limits verification emails per account', async () => {
    const browser = new Browser(t);
    await registerIn(browser);
    let last = 0;
    for (let i = 0; i <= AUTH_RATE_LIMITS.resendVerification.account; i += 1) {
      last = (await browser.post('/api/users/sendVerificationEmail')).statusCode;
    }
    expect(last).toBe(429);
  });

  it('keeps every window bounded (no permanent lock-out)', async () => {
    // Windows are 15 minutes (an hour for registration); nothing is kept beyond them.
    for (const limit of Object.values(AUTH_RATE_LIMITS)) {
      expect('windowMs' in limit ? limit.windowMs : 15 * 60 * 1000).toBeLessThanOrEqual(60 * 60 * 1000);
    }
  });
});
