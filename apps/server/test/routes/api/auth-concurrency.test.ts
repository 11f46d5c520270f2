import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, onPostgres, type TestApp, needsPostgres } from '../../helpers/build-test-app';
import { Browser, linkTokenFor, loginCodeFor, registerIn } from '../../helpers/auth-browser';
import { sessions } from '../../../src/db/schema';

if (!onPostgres) console.log('auth concurrency tests skipped: TEST_DATABASE_URL is not set (they need real PostgreSQL concurrency)');

describe('single use under real concurrency (PostgreSQL)', needsPostgres, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ postgres: true, config: { authRateLimitScale: 1000 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an access code signs in exactly once when sent twice at the same time', async () => {
    const { body, user } = await registerIn(new Browser(t));
    const other = new Browser(t);
    await other.post('/api/users/login', { email: body.email, password: body.password });
    const code = await loginCodeFor(t, body.email);
    const url = `/api/users/loginWithCode/${encodeURIComponent(body.email)}`;
    const results = await Promise.all(Array.from({ length: 6 }, () => other.post(url, { loginCode: code })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, user._id));
    // The registration session and exactly one from the code.
    expect(live).toHaveLength(2);
  });

  it('a reset link works exactly once when used twice at the same time', async () => {
    const { body } = await registerIn(new Browser(t));
    await new Browser(t).post('/api/users/forgotPassword', { email: body.email });
    const token = await linkTokenFor(t, body.email, 'password-reset');
    const results = await Promise.all(
      ['First-pass1!', 'Second-pass2!', 'Third-pass3!'].map((password) => new Browser(t).patch(`/api/users/resetPassword/${token}`, { password })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(2);
  });

  it('two registrations of one email at the same time make one account', async () => {
    const email = `race-${Date.now()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        new Browser(t).post('/api/users/register', { name: 'Race', email, password: 'Passw0rd!', phone: '+14155550100', country: 'US' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('Email has already been registered');
    }
  });
});
