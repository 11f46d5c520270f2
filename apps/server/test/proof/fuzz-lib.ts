/**
 * Hostile-input generation for the OpenAPI fuzzer (issue 9): values derived from each
 * operation's JSON schema, then mutated with wrong types, huge strings, deep nesting,
 * unicode edge cases, prototype-pollution keys, SQL and NoSQL payloads.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  default?: unknown;
}

export interface Operation {
  method: string;
  path: string;
  params: Array<{ name: string; in: 'path' | 'query'; schema: JsonSchema; required: boolean }>;
  body?: { contentType: string; schema: JsonSchema; required: boolean };
}

export function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as {
        parameters?: Array<{ name: string; in: string; schema: JsonSchema; required?: boolean }>;
        requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
      };
      const content = operation.requestBody ? Object.entries(operation.requestBody.content)[0] : undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
          .map((parameter) => ({
            name: parameter.name,
            in: parameter.in as 'path' | 'query',
            schema: parameter.schema,
            required: Boolean(parameter.required),
          })),
        body: content ? { contentType: content[0], schema: content[1].schema, required: Boolean(operation.requestBody?.required) } : undefined,
      });
    }
  }
  return operations;
}

const BIG = 'A'.repeat(300_000);

/** Strings nobody should be able to break the server with. */
export const HOSTILE_STRINGS: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D',
  'Z̸̡̢̛͎̝̓̀ͅa̵l̴g̸o̷',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '𝕏𝔂𝔃',
  'ﬀﬁ',
  'İıǅ',
  '\r\n\r\nX-Injected: 1',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%00',
  '%',
  '%E0%A4%A',
  '%%%',
  '\\',
  '\\u0000',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; select pg_sleep(5); --',
  "1' union select password_hash from users --",
  '$1',
  '%_%',
  '{"$gt":""}',
  '{"$ne":null}',
  '$where',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  ' 5 ',
  '9'.repeat(400),
  '-1',
  '0',
  '0.001',
  '1.005',
  '12345678901234567890.12',
  'true',
  'null',
  'undefined',
  'a'.repeat(10_000),
  'é'.repeat(3_000),
  'x@y',
  'a@b.c',
  '"@example.com',
  'admin@example.com\nbcc: x@y.z',
  'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  '00000000-0000-0000-0000-000000000000',
];

export const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', '$gt', '$where', 'toString', 'hasOwnProperty', '', ' ', '\u0000', 'role', 'isAdmin', 'id', '_id'];

function deep(levels: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Values of every wrong type (and a few right-looking ones that are still wrong). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.constant(BIG) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      -0,
      1.5,
      0.001,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
      2 ** 31,
      [],
      {},
      [null],
      [1, 2, 3],
      ['a', { b: 1 }],
      { $gt: '' },
      { $ne: null },
      { $where: 'sleep(1000)' },
      { $regex: '.*' },
      { toString: 'x' },
      JSON.parse('{"__proto__":{"isAdmin":true,"role":"admin"}}'),
      { constructor: { prototype: { isAdmin: true } } },
      deep(200, 'array'),
      deep(200, 'object'),
      deep(1_000, 'array'),
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

function schemaTypes(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  return [];
}

/** Plausible values for well-known field names (so deeper code runs, not only validation). */
function byName(name: string | undefined): fc.Arbitrary<unknown> | undefined {
  if (!name) return undefined;
  const lower = name.toLowerCase();
  if (lower.includes('amount') || lower === 'cents') {
    return fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.constantFrom('50', '100.00', '0.01', '1.999', '-5', '1e3', ' 10'));
  }
  if (lower.includes('email')) return fc.oneof(fc.emailAddress(), fc.constantFrom('user@example.com', 'nobody@example.com'));
  if (lower.includes('wallet') || lower === 'address') {
    return fc.constantFrom('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  }
  return undefined;
}

/** A value that roughly fits the schema (sometimes it is still invalid: ranges, formats). */
export function valueFor(schema: JsonSchema | undefined, pools: { ids: string[] }, name?: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  const named = byName(name);
  if (named) return named;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((alt) => valueFor(alt, pools, name, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return valueFor(schema.allOf[0], pools, name, depth + 1);
  const types = schemaTypes(schema);
  const type = types.find((candidate) => candidate !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) record[key] = valueFor(child, pools, key, depth + 1);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case 'array':
      return fc.array(valueFor(schema.items, pools, name, depth + 1), { maxLength: 4 });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1_000_000, 1_000_000_000) });
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.double({ min: -1, max: 1e6, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (/id$/i.test(name ?? '') && pools.ids.length > 0) return fc.oneof(fc.constantFrom(...pools.ids), fc.uuid());
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uuid') return fc.oneof(fc.uuid(), ...(pools.ids.length > 0 ? [fc.constantFrom(...pools.ids)] : []));
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      const min = schema.minLength ?? 0;
      const max = Math.max(min, Math.min(schema.maxLength ?? 24, 64));
      return fc.string({ minLength: min, maxLength: max });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constant(null));
  }
}

/** Mutates a value: replaces, adds or wraps fields with hostile ones. */
export function mutate(value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(value, fc.nat({ max: 7 }), hostileValue, fc.constantFrom(...HOSTILE_KEYS), fc.nat()).map(([base, how, bad, key, pick]) => {
    if (how === 0) return bad;
    if (base && typeof base === 'object' && !Array.isArray(base)) {
      const copy: Record<string, unknown> = { ...(base as Record<string, unknown>) };
      const keys = Object.keys(copy);
      if (how <= 3 && keys.length > 0) {
        copy[keys[pick % keys.length]!] = bad;
        return copy;
      }
      if (how === 4) {
        Object.defineProperty(copy, key, { value: bad, enumerable: true, configurable: true, writable: true });
        return copy;
      }
      if (how === 5 && keys.length > 0) {
        delete copy[keys[pick % keys.length]!];
        return copy;
      }
      return copy;
    }
    if (how <= 4) return bad;
    return base;
  });
}

/** Raw body texts that are not JSON values of the expected shape (or not JSON at all). */
export const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"string"',
  '12',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  '\u0000',
  '\uFEFF{}',
  '{"email":"a@b.c"}'.repeat(3),
  `{"x":"${'y'.repeat(300_000)}"}`,
  '['.repeat(10_000) + ']'.repeat(10_000),
];

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=latin1',
  '',
  'application/octet-stream',
];
