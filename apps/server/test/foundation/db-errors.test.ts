import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../../src/db/schema';
import { isInvalidText, isUniqueViolation, unavailabilityCause } from '../../src/db/errors';
import { openTestDatabase } from '../helpers/build-test-app';
import type { Database } from '../../src/db/client';

describe('db/errors: what a database refusal means, through the driver and Drizzle', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const plan = (name: string) => ({ id: crypto.randomUUID(), name, roiBasisPoints: 800, minCents: 100, maxCents: 1000, durationSeconds: 3600 });

  it('a duplicate in a unique index is a unique violation of that index, not of another', async () => {
    await database.db.insert(plans).values(plan('Unique test'));
    const error = await database.db.insert(plans).values(plan('Unique test')).then(() => null, (caught: unknown) => caught);
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'plans_name_unique')).toBe(true);
    expect(isUniqueViolation(error, 'users_email_unique')).toBe(false);
    expect(isInvalidText(error)).toBe(false);
  });

  it('a NUL byte in text is invalid text, not a unique violation', async () => {
    const error = await database.db.insert(plans).values(plan('nul\u0000byte')).then(() => null, (caught: unknown) => caught);
    expect(isInvalidText(error)).toBe(true);
    expect(isUniqueViolation(error)).toBe(false);
  });
});

describe('db/errors: "the database cannot answer now" (503), whatever the driver wraps it in', () => {
  /** As node-postgres and Drizzle hand them over: Drizzle's error with the driver's in `cause`. */
  const wrapped = (fields: { code?: string; message: string }) => Object.assign(new Error('Failed query: select 1'), { cause: Object.assign(new Error(fields.message), fields) });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['55000', 'database "vaultline" is not currently accepting connections'],
    ['53300', 'sorry, too many clients already'],
    ['53400', 'configuration limit exceeded'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect'],
    ['28P01', 'password authentication failed for user "vaultline"'],
    ['3D000', 'database "vaultline" does not exist'],
    ['57014', 'canceling statement due to statement timeout'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    [undefined, 'Connection terminated unexpectedly'],
    [undefined, 'timeout exceeded when trying to connect'],
    [undefined, 'Connection terminated due to connection timeout'],
    [undefined, 'Query read timeout after 10000 ms'],
    [undefined, 'PGlite is closed'],
  ])('%s %s', (code, message) => {
    expect(unavailabilityCause(wrapped({ ...(code ? { code } : {}), message }))).toContain(message);
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['55000', 'cannot execute this while a transaction is in progress'],
    ['22P02', 'invalid input syntax for type uuid'],
    [undefined, 'Something else went wrong'],
  ])('not %s %s', (code, message) => {
    expect(unavailabilityCause(wrapped({ ...(code ? { code } : {}), message }))).toBeNull();
  });
});
