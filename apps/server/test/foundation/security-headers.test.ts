import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityPlugin } from '../../src/plugins/security';

/**
 * The server works helmet's headers out once instead of registering @fastify/helmet, which runs
 * helmet on every request (ADR 0016). Both must send the same headers.
 */
describe('security headers', () => {
  async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
    const app = Fastify({ logger: false });
    await register(app);
    app.get('/x', async () => ({ ok: true }));
    await app.ready();
    const { headers } = await app.inject('/x');
    await app.close();
    for (const name of ['date', 'content-length', 'connection', 'content-type', 'x-request-id']) delete headers[name];
    return headers;
  }

  it('are exactly what @fastify/helmet sends with the same options, chart and chat sources included', async () => {
    const options = { appUrl: 'http://localhost:3000', extraScriptSources: ['https://s3.tradingview.com'], extraFrameSources: ['https://chat.example'] };
    const ours = await headersOf((app) => app.register(securityPlugin, options));
    const library = await headersOf((app) => app.register(fastifyHelmet, helmetOptions(options) as never));
    expect(Object.keys(ours).length).toBeGreaterThanOrEqual(10);
    expect(ours).toEqual(library);
  });
});
