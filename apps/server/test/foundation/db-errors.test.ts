import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../../src/db/schema';
import { isInvalidText, isUniqueViolation } from '../../src/db/errors';
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
