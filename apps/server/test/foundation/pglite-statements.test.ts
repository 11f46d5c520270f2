import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { isInvalidText, isUniqueViolation } from '../../src/db/errors';
import { MAX_PREPARED_STATEMENTS, withPreparedStatements } from '../../src/db/pglite-statements';
import { selectRows } from '../../src/db/rows';
import { plans } from '../../src/db/schema';
import { embeddedOnly, openTestDatabase } from '../helpers/build-test-app';

/** The statements PostgreSQL holds prepared in the embedded database's one session. */
async function preparedTexts(database: Database): Promise<string[]> {
  const rows = await selectRows<{ statement: string }>(database.db, sql`select statement from pg_prepared_statements`);
  return rows.map((row) => row.statement);
}

const plan = (name: string) => ({ id: crypto.randomUUID(), name, roiBasisPoints: 800, minCents: 100, maxCents: 1000, durationSeconds: 3600 });

describe('db/pglite-statements: the embedded database prepares each statement once (ADR 0022)', embeddedOnly, () => {
  let database: Database;
  beforeAll(async () => {
    // The embedded database on either run of the server suites (this is about PGlite only).
    database = await openTestDatabase({ postgres: false });
  });
  afterAll(() => database.close());

  it('a Drizzle prepared read becomes a PostgreSQL prepared statement, run again by EXECUTE with the same answer', async () => {
    await database.db.insert(plans).values(plan('Prepared read'));
    const byName = database.db.select({ name: plans.name, minCents: plans.minCents, createdAt: plans.createdAt }).from(plans).where(eq(plans.name, sql.placeholder('name'))).prepare('plan_by_name');
    const first = await byName.execute({ name: 'Prepared read' });
    const second = await byName.execute({ name: 'Prepared read' });
    expect(second).toEqual(first);
    expect(first).toHaveLength(1);
    expect(first[0]!.minCents).toBe(100);
    expect(first[0]!.createdAt).toBeInstanceOf(Date);
    // Fails when Drizzle stops sending its reads through the client's query(): the cache would be bypassed.
    expect((await preparedTexts(database)).some((text) => text.includes('"plans"') && text.includes('"name" = $1'))).toBe(true);
  });

  it('values are data, never SQL: quotes, backslashes, unicode, empty and array values round-trip', async () => {
    const values = ["O'Brien'); drop table plans; --", 'back\\slash \\x41', 'emoji 💸 ünïcode', '', '{"a": [1]}'];
    for (const value of values) {
      const [row] = await selectRows<{ value: string; length: number }>(database.db, sql`select ${value}::text as value, length(${value}::text) as length`);
      expect(row).toEqual({ value, length: [...value].length });
    }
    const list = ['a', 'b"c', 'd,e', 'f}g', "h'i", 'back\\slash'];
    const matching = database.db
      .select({ found: sql<number>`count(*)::int` })
      .from(sql`unnest(${sql.placeholder('list')}::text[]) item`)
      .where(sql`item = any(${sql.placeholder('list')}::text[])`)
      .prepare('array_values');
    for (let run = 0; run < 2; run += 1) expect(await matching.execute({ list })).toEqual([{ found: list.length }]);
    expect((await preparedTexts(database)).some((text) => text.includes('unnest($1::text[])'))).toBe(true);
    const [typed] = await selectRows<{ n: number; b: boolean; nothing: null }>(database.db, sql`select ${-42}::int as n, ${true}::boolean as b, ${null}::text as nothing`);
    expect(typed).toEqual({ n: -42, b: true, nothing: null });
    expect(await database.db.select({ id: plans.id }).from(plans)).not.toHaveLength(0);
  });

  it('a refusal keeps its code and constraint on the prepared path', async () => {
    const insert = () => database.db.insert(plans).values({ ...plan('Unique prepared'), id: crypto.randomUUID() });
    await insert();
    const error = await insert().then(() => null, (caught: unknown) => caught);
    expect(isUniqueViolation(error, 'plans_name_unique')).toBe(true);
  });

  it('a NUL byte keeps the bound path and its invalid-text refusal', async () => {
    const error = await selectRows(database.db, sql`select ${'nul\u0000byte'}::text as value`).then(() => null, (caught: unknown) => caught);
    expect(isInvalidText(error)).toBe(true);
  });
});

describe('withPreparedStatements on a bare PGlite', embeddedOnly, () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
  });
  afterAll(() => client.close());

  it('prepares up to its capacity, then answers the rest unprepared', async () => {
    const cached = withPreparedStatements(client, 2);
    for (const n of [1, 2, 3, 4]) {
      const result = await cached.query<{ n: number }>(`select $1::int + ${n} as n`, [10]);
      expect(result.rows).toEqual([{ n: 10 + n }]);
    }
    const prepared = await client.query<{ count: number }>('select count(*)::int as count from pg_prepared_statements');
    expect(prepared.rows[0]!.count).toBe(2);
    expect(MAX_PREPARED_STATEMENTS).toBeGreaterThan(2);
  });

  it('a text PostgreSQL cannot prepare is answered unprepared', async () => {
    const cached = withPreparedStatements(client);
    // $1's type cannot be inferred for PREPARE; PGlite's bound path sends it as text.
    const result = await cached.query<{ value: string }>('select $1 as value', ['plain']);
    expect(result.rows).toEqual([{ value: 'plain' }]);
  });
});
