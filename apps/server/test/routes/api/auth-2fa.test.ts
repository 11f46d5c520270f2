import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { useTestApp } from '../../helpers/build-test-app';
import { Browser, emailsTo, registerIn } from '../../helpers/auth-browser';
import { recoveryCodes, userTotp } from '../../../src/db/schema';

const t = useTestApp({ config: { authRateLimitScale: 1000 } });

function codeAt(secret: string, at: Date) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
}

/** Moves the clock to the start of the next 30-second step, so each code is fresh. */
function nextStep() {
  const now = t.clock.now().getTime();
  t.clock.advance(30_000 - (now % 30_000) + 10);
}

async function enrolled() {
  const browser = new Browser(t);
  const { body, user } = await registerIn(browser);
  const setup = await browser.post('/api/users/2fa/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrCodeDataUrl } = setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Vaultline:/);
  expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
  nextStep();
  const enable = await browser.post('/api/users/2fa/enable', { code: codeAt(secret, t.clock.now()) });
  expect(enable.statusCode).toBe(200);
  const recovery = enable.json().recoveryCodes as string[];
  return { browser, body, user, secret, recovery };
}

describe('two-factor set-up', () => {
  it('stores the secret encrypted and recovery codes hashed; the user view says it is on', async () => {
    const { browser, user, secret, recovery } = await enrolled();
    expect(recovery).toHaveLength(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const [row] = await t.database.db.select().from(userTotp).where(eq(userTotp.userId, user._id));
    expect(row!.secretEnc).not.toContain(secret);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user._id));
    expect(stored).toHaveLength(10);
    for (const code of recovery) expect(stored.map((s) => s.codeHash)).not.toContain(code);
    expect((await browser.get('/api/users/getUser')).json().twoFactorEnabled).toBe(true);
    expect((await browser.get('/api/users/2fa')).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify((await browser.get('/api/users/getUser')).json())).not.toContain(secret);
  });

  it('refuses a wrong first code and a second set-up while on', async () => {
    const browser = new Browser(t);
    await registerIn(browser);
    expect((await browser.post('/api/users/2fa/enable', { code: '123456' })).json().message).toBe('Start two-factor set-up first');
    await browser.post('/api/users/2fa/setup');
    const wrong = await browser.post('/api/users/2fa/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid two-factor code');
    const { browser: on } = await enrolled();
    expect((await on.post('/api/users/2fa/setup')).statusCode).toBe(409);
  });

  it('needs a session', async () => {
    expect((await new Browser(t).post('/api/users/2fa/setup')).statusCode).toBe(401);
  });
});

describe('login with two-factor on', () => {
  it('asks for the code (401 twoFactorRequired), then signs in with it', async () => {
    const { body, secret } = await enrolled();
    const browser = new Browser(t);
    const first = await browser.post('/api/users/login', { email: body.email, password: body.password });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ message: expect.stringContaining('authenticator'), twoFactorRequired: true, passkeyAvailable: false });
    expect(browser.sid).toBeUndefined();
    nextStep();
    const second = await browser.post('/api/users/login', {
      email: body.email,
      password: body.password,
      twoFactorCode: codeAt(secret, t.clock.now()),
    });
    expect(second.statusCode).toBe(200);
    expect(browser.sid).toBeDefined();
    // Password + second factor trusts the browser without an email code, and tells the owner.
    expect(await emailsTo(t, body.email, 'login-code')).toHaveLength(0);
    expect(await emailsTo(t, body.email, 'new-device-login')).toHaveLength(1);
  });

  it('does not ask for the code before the password is right', async () => {
    const { body } = await enrolled();
    const response = await new Browser(t).post('/api/users/login', { email: body.email, password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('refuses a wrong code and a replayed code within its window', async () => {
    const { body, secret } = await enrolled();
    const browser = new Browser(t);
    const wrong = await browser.post('/api/users/login', { email: body.email, password: body.password, twoFactorCode: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid two-factor code', twoFactorRequired: true });
    nextStep();
    const code = codeAt(secret, t.clock.now());
    expect((await browser.post('/api/users/login', { email: body.email, password: body.password, twoFactorCode: code })).statusCode).toBe(200);
    const replay = await new Browser(t).post('/api/users/login', { email: body.email, password: body.password, twoFactorCode: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().twoFactorRequired).toBe(true);
    // An older step's code is refused too once a newer one was used.
    t.clock.advance(10_000);
    const previous = codeAt(secret, new Date(t.clock.now().getTime() - 30_000));
    expect(
      (await new Browser(t).post('/api/users/login', { email: body.email, password: body.password, twoFactorCode: previous })).statusCode,
    ).toBe(401);
  });

  it('accepts a recovery code once', async () => {
    const { body, recovery } = await enrolled();
    const code = recovery[0]!.toUpperCase().replace('-', ' ');
    const ok = await new Browser(t).post('/api/users/login', { email: body.email, password: body.password, twoFactorCode: code });
    expect(ok.statusCode).toBe(200);
    const again = await new Browser(t).post('/api/users/login', { email: body.email, password: body.password, twoFactorCode: recovery[0] });
    expect(again.statusCode).toBe(401);
  });
});

describe('managing two-factor', () => {
  it('regenerates recovery codes (old ones stop working)', async () => {
    const { browser, body, secret, recovery } = await enrolled();
    nextStep();
    const response = await browser.post('/api/users/2fa/recovery-codes', { code: codeAt(secret, t.clock.now()) });
    expect(response.statusCode).toBe(200);
    const fresh = response.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const old = await new Browser(t).post('/api/users/login', { email: body.email, password: body.password, twoFactorCode: recovery[1] });
    expect(old.statusCode).toBe(401);
    const ok = await new Browser(t).post('/api/users/login', { email: body.email, password: body.password, twoFactorCode: fresh[0] });
    expect(ok.statusCode).toBe(200);
  });

  it('turns off with the password and a code', async () => {
    const { browser, body, secret } = await enrolled();
    nextStep();
    const wrongPassword = await browser.post('/api/users/2fa/disable', { password: 'nope-nope', code: codeAt(secret, t.clock.now()) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe('Password is incorrect');
    const wrongCode = await browser.post('/api/users/2fa/disable', { password: body.password, code: '000000' });
    expect(wrongCode.json().message).toBe('Invalid two-factor code');
    const ok = await browser.post('/api/users/2fa/disable', { password: body.password, code: codeAt(secret, t.clock.now()) });
    expect(ok.statusCode).toBe(200);
    expect((await browser.get('/api/users/2fa')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await browser.post('/api/users/login', { email: body.email, password: body.password })).statusCode).toBe(200);
  });
});

describe('requireStaffTwoFactor setting', () => {
  it('keeps staff without two-factor out of the back office until they turn it on', async () => {
    const { putSettings } = await import('../../../src/services/platform/settings');
    const browser = new Browser(t);
    const { user } = await registerIn(browser);
    const { users } = await import('../../../src/db/schema');
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user._id));
    expect((await browser.get('/api/users/kyc/pending')).statusCode).toBe(200);
    await putSettings(t.database.db, { requireStaffTwoFactor: true }, null);
    try {
      const refused = await browser.get('/api/users/kyc/pending');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/Two-factor authentication is required for staff/);
      // The profile (where two-factor is set up) still works.
      expect((await browser.get('/api/users/getUser')).statusCode).toBe(200);
      const setup = await browser.post('/api/users/2fa/setup');
      nextStep();
      await browser.post('/api/users/2fa/enable', { code: codeAt(setup.json().secret, t.clock.now()) });
      expect((await browser.get('/api/users/kyc/pending')).statusCode).toBe(200);
    } finally {
      await putSettings(t.database.db, { requireStaffTwoFactor: false }, null);
    }
  });
});
