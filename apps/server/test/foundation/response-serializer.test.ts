import { z } from 'zod';
import { isResponseSerializationError, serializerCompiler as encodingSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { responseSerializerCompiler } from '../../src/plugins/response-serializer';

const compile = (schema: z.ZodType, compiler: (routeSchema: never) => unknown = responseSerializerCompiler) =>
  compiler({ schema, method: 'GET', url: '/api/test', httpStatus: '200' } as never) as (data: unknown) => string;

describe('responseSerializerCompiler', () => {
  const user = z.object({ _id: z.string(), balance: z.string(), photo: z.string().nullable(), series: z.array(z.object({ date: z.string(), balance: z.string() })) });

  it('checks the answer against its schema and drops what the schema does not name, like the encoding serializer', () => {
    const data = { _id: 'u1', balance: '1.00', photo: null, passwordHash: '$argon2id$secret', series: [{ date: '2026-01-01', balance: '1.00', internal: 7 }] };
    const json = compile(user)(data);
    expect(JSON.parse(json)).toEqual({ _id: 'u1', balance: '1.00', photo: null, series: [{ date: '2026-01-01', balance: '1.00' }] });
    expect(json).toBe(compile(user, encodingSerializerCompiler)(data));
    expect(json).not.toContain('argon2');
  });

  it('refuses an answer that does not match (a 500, never a leak)', () => {
    let caught: unknown;
    try {
      compile(user)({ _id: 'u1', balance: 100, photo: null, series: [] });
    } catch (error) {
      caught = error;
    }
    expect(isResponseSerializationError(caught)).toBe(true);
  });

  it('keeps the encoding direction for schemas that change values, however deep', () => {
    const cents = z.codec(z.string(), z.number(), { decode: (text) => Number(text) * 100, encode: (value) => (value / 100).toFixed(2) });
    const withCodec = z.object({ items: z.array(z.object({ amount: cents })) });
    const withDefault = z.object({ note: z.string().default('none') });
    for (const [schema, data] of [
      [withCodec, { items: [{ amount: 150 }] }],
      [withDefault, { note: 'x' }],
    ] as const) {
      expect(compile(schema)(data)).toBe(compile(schema, encodingSerializerCompiler)(data));
    }
    expect(JSON.parse(compile(withCodec)({ items: [{ amount: 150 }] }))).toEqual({ items: [{ amount: '1.50' }] });
  });
});
