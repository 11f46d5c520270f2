import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatCents } from '@app/shared';
import { jsonCents, jsonHundredths, jsonIso, jsonObject, jsonValue } from '../../src/db/json-text';
import { selectRows } from '../../src/db/rows';
import { useTestApp } from '../helpers/build-test-app';

/** JSON text written by a statement (db/json-text.ts) against what the server wrote before: formatCents, toISOString, JSON.stringify. */
describe('JSON text written in SQL', () => {
  const t = useTestApp();
  const one = async (expression: ReturnType<typeof sql>) => (await selectRows<{ text: string | null }>(t.database.db, sql`select ${expression} as text`))[0]!.text;

  it('writes cents as formatCents does', async () => {
    const edges = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 123_456, 100_000_000_000, Number.MAX_SAFE_INTEGER];
    for (const cents of [...edges, ...edges.map((value) => -value)]) {
      expect(await one(jsonCents(sql`${String(cents)}::bigint`)), String(cents)).toBe(JSON.stringify(formatCents(cents)));
    }
  });

  it('writes an integer over 100 as JavaScript writes the quotient (a rate in basis points as a percentage)', async () => {
    const edges = [1, 5, 10, 50, 99, 100, 101, 110, 333, 1_250, 9_999, 10_000, 123_456_789, 2_147_483_647, 999_999_999_999_999];
    const values = [0, ...edges, ...edges.map((value) => -value)];
    const rows = await selectRows<{ value: string; text: string }>(
      t.database.db,
      sql`select v::text as value, ${jsonHundredths(sql`v`)} as text from unnest(${`{${values.join(',')}}`}::bigint[] || array(select generate_series(0, 20000)::bigint)) as v`,
    );
    expect(rows).toHaveLength(values.length + 20_001);
    for (const row of rows) expect(row.text, row.value).toBe(JSON.stringify(Number(row.value) / 100));
    expect(await one(jsonHundredths(sql`null::int`))).toBe('null');
  });

  it('writes instants as toISOString does, milliseconds truncated, and null as null', async () => {
    const instants = [
      '2026-11-27 20:56:01.123456+00',
      '2026-11-27 20:56:01.999999+00',
      '2026-11-27 20:56:01+00',
      '2026-11-27 20:56:01.1+00',
      '2026-11-27 23:30:00.5-05:30',
      '1969-12-31 23:59:59.9999+00',
      '0999-01-01 00:00:00.000001+00',
      '0001-01-01 00:00:00+00',
      '9999-12-31 23:59:59.999999+00',
    ];
    for (const at of instants) {
      const iso = new Date(at.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
      expect(await one(jsonIso(sql`${at}::timestamptz`)), at).toBe(JSON.stringify(iso));
    }
    expect(await one(jsonIso(sql`null::timestamptz`))).toBe('null');
    // Outside what a Date writes: no text at all, and the page refuses to answer.
    for (const at of ['10000-01-01 00:00:00+00', '0044-03-15 00:00:00+00 BC', 'infinity']) expect(await one(jsonIso(sql`${at}::timestamptz`)), at).toBeNull();
  });

  it('writes text, numbers, booleans and null as JSON.stringify does, and objects with their keys in order', async () => {
    const texts = ['plain', 'quote " back\\slash', 'tab\tnew\nline\r\u0001\u001f\u007f', 'line\u2028separator\u2029', 'emoji 😀 ✓ é', ''];
    for (const text of texts) expect(await one(jsonValue(sql`${text}::text`))).toBe(JSON.stringify(text));
    expect(await one(jsonValue(sql`null::text`))).toBe('null');
    expect(await one(jsonValue(sql`42::int`))).toBe('42');
    expect(await one(jsonValue(sql`true`))).toBe('true');
    const object = jsonObject([
      ['b', jsonValue(sql`${texts[1]!}::text`)],
      ['a', jsonObject([['_id', jsonValue(sql`'x'::text`)]])],
    ]);
    expect(await one(object)).toBe(JSON.stringify({ b: texts[1], a: { _id: 'x' } }));
    expect(await one(jsonObject([['a', jsonValue(sql`1`)]], { open: true }))).toBe('{"a":1');
  });
});
