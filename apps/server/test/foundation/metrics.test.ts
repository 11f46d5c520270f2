import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { Browser, registerIn } from '../helpers/auth-browser';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(async () => t.close());

  const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const value = (text: string, line: RegExp) => Number(text.split('\n').find((row) => line.test(row))?.split(' ').pop());

  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789abcd' } })).statusCode).toBe(401);
    const ok = await scrape();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('counts requests by route and status with latency histograms, 429 refusals, the pool, job backlogs and the process', async () => {
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/users/getUser' });
    const { body } = await registerIn(new Browser(t));
    let refused = 0;
    for (let i = 0; i < 12 && refused === 0; i += 1) {
      if ((await new Browser(t).post('/api/users/login', { email: body.email, password: `wrong-${i}-pass` })).statusCode === 429) refused += 1;
    }
    expect(refused).toBe(1);
    const text = (await scrape()).body;
    expect(value(text, /^vaultline_http_requests_total\{method="GET",route="\/api\/health",status="200"\}/)).toBe(3);
    expect(value(text, /^vaultline_http_requests_total\{method="GET",route="\/api\/users\/getUser",status="401"\}/)).toBe(1);
    expect(value(text, /^vaultline_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\}/)).toBe(3);
    expect(text).toMatch(/^vaultline_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health",status="200"\} \d+$/m);
    expect(value(text, /^vaultline_rate_limit_refusals_total\{route="\/api\/users\/login"\}/)).toBe(1);
    expect(value(text, /^vaultline_db_pool_connections\{state="total"\}/)).toBeGreaterThanOrEqual(1);
    expect(value(text, /^vaultline_maturity_backlog /)).toBe(0);
    expect(value(text, /^vaultline_outbox_backlog /)).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^vaultline_outbox_oldest_seconds \d/m);
    expect(text).toMatch(/^vaultline_process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^vaultline_nodejs_eventloop_lag_seconds \d/m);
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics at all', async () => {
    const t = await buildTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
