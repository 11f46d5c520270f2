import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, formatCents, historyPageSchema, hundredthsFromDecimal, settingsSchema, userViewSchema } from '@app/shared';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { onlyChecksValues } from '../../src/plugins/response-serializer';
import type { App } from '../../src/plugins/types';
import { openTestDatabase, testConfig } from '../helpers/build-test-app';

/** Every answer goes through its response schema (the shared one, ADR 0016): checked, and only what it names is sent. */
describe('answers are their response schemas', () => {
  let app: App;
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ config: testConfig(), database, logger: false });
    app.get('/api/test/leaky', { schema: { response: { 200: userViewSchema.pick({ _id: true, name: true }) } } }, async () => ({
      _id: 'u1',
      name: 'Ann',
      passwordHash: '$argon2id$secret',
    }));
    app.get('/api/test/wrong', { schema: { response: { 200: z.object({ balance: z.string() }) } } }, async () => ({ balance: 100 }) as never);
    app.get('/api/test/codec', {
      schema: { response: { 200: z.object({ amount: z.codec(z.string(), z.number(), { decode: (text) => hundredthsFromDecimal(text) ?? 0, encode: formatCents }) }) } },
    }, async () => ({ amount: 150 }));
    app.get('/api/test/default', { schema: { response: { 200: z.object({ note: z.string().default('none'), n: z.number() }) } } }, async () => ({ note: 'set', n: 1, extra: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('drops what the schema does not name', async () => {
    const response = await app.inject('/api/test/leaky');
    expect(response.json()).toEqual({ _id: 'u1', name: 'Ann' });
    expect(response.body).not.toContain('argon2');
  });

  it('refuses an answer that does not match: a 500 with the generic message, never the data', async () => {
    const response = await app.inject('/api/test/wrong');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong. Please try again.' });
  });

  it('encodes codecs in the answer direction', async () => {
    expect((await app.inject('/api/test/codec')).json()).toEqual({ amount: '1.50' });
  });

  it('answers through a schema with a default (encoded), dropping what it does not name', async () => {
    expect((await app.inject('/api/test/default')).json()).toEqual({ note: 'set', n: 1 });
  });
});

/**
 * Schemas that only check values are parsed (zod's compiled path), the rest encoded (ADR 0016).
 * The check reads zod's public JSON Schema output: if a zod release changes it so that plain
 * schemas look converting, every answer silently takes the slower encoding path; this fails first.
 */
describe('which answers are parsed', () => {
  it('parses the shared response shapes that only check values', () => {
    for (const schema of [userViewSchema, dashboardSchema, historyPageSchema, z.object({ a: z.string().refine((value) => value !== '') })]) {
      expect(onlyChecksValues(schema)).toBe(true);
    }
  });

  it('encodes schemas that convert values: codecs, transforms, pipes, defaults', () => {
    const converting = [
      z.object({ amount: z.codec(z.string(), z.number(), { decode: Number, encode: String }) }),
      z.object({ size: z.string().transform((value) => value.length) }),
      z.string().pipe(z.string().max(3)),
      z.object({ note: z.string().default('none') }),
      settingsSchema,
    ];
    for (const schema of converting) expect(onlyChecksValues(schema)).toBe(false);
  });
});
