import { eq, sql } from 'drizzle-orm';
import { bigint, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRow } from '../../src/db/json-row';
import { ledgerAccounts, sessions, users } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

describe('jsonRow: a row read as one JSON value', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('decodes to exactly the row Drizzle selects column by column (dates, nulls, booleans, text)', async () => {
    const { user } = await t.createUser({ name: 'Zoë "Quotes" \\ Unicode ✓' });
    // Microseconds and a null date: the JSON form of timestamptz keeps six digits; Dates keep three.
    await t.database.db
      .update(users)
      .set({ lastLoginAt: sql`'2026-01-02 03:04:05.678912+00'::timestamptz`, photo: null, bio: 'line\nbreak' })
      .where(eq(users.id, user.id));
    const userJson = jsonRow(users);
    const sessionJson = jsonRow(sessions);
    const [expectedUser] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    const [expectedSession] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const [row] = await t.database.db
      .select({ user: userJson.sql, session: sessionJson.sql })
      .from(users)
      .innerJoin(sessions, eq(sessions.userId, users.id))
      .where(eq(users.id, user.id));
    const decodedUser = userJson.decode(row!.user);
    expect(decodedUser).toEqual(expectedUser);
    expect(decodedUser.lastLoginAt).toBeInstanceOf(Date);
    expect(decodedUser.lastLoginAt?.toISOString()).toBe('2026-01-02T03:04:05.678Z');
    expect(decodedUser.deletedAt).toBeNull();
    expect(sessionJson.decode(row!.session)).toEqual(expectedSession);
  });

  it('reads only the chosen columns when given some', async () => {
    const { user } = await t.createUser();
    const some = jsonRow(users, ['id', 'email', 'createdAt', 'deletedAt']);
    const [row] = await t.database.db.select({ user: some.sql }).from(users).where(eq(users.id, user.id));
    const decoded = some.decode(row!.user);
    expect(Object.keys(decoded).sort()).toEqual(['createdAt', 'deletedAt', 'email', 'id']);
    expect(decoded).toEqual({ id: user.id, email: user.email, createdAt: user.createdAt, deletedAt: null });
    expect(JSON.stringify(row)).not.toContain('passwordHash');
    // A batched read hands one row to every request that asked for the same key: decoding again keeps it.
    expect(some.decode(row!.user)).toEqual({ id: user.id, email: user.email, createdAt: user.createdAt, deletedAt: null });
  });

  it('refuses a table with a column whose JSON form would not decode to the same value', () => {
    const exact = pgTable('exact', { id: text('id').primaryKey(), cents: bigint('cents', { mode: 'bigint' }), rate: numeric('rate') });
    expect(() => jsonRow(exact, ['id', 'cents'])).toThrow(/cents/);
    expect(() => jsonRow(exact, ['id', 'rate'])).toThrow(/rate/);
    expect(() => jsonRow(exact, ['id'])).not.toThrow();
    expect(() => jsonRow(ledgerAccounts)).not.toThrow();
  });
});
