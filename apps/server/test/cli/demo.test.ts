import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { useTestApp } from '../helpers/build-test-app';
import { seedDemo } from '../../src/cli/demo';
import { users } from '../../src/db/schema';
import { verifyLedger } from '../../src/ledger';

const t = useTestApp();

describe('npm run demo', () => {
  it('seeds sample users and activity once, through the real routes, leaving the ledger consistent', async () => {
    expect(await seedDemo(t.app)).toBe(true);
    const [{ value: afterFirst } = { value: 0 }] = await t.database.db.select({ value: count() }).from(users);
    expect(afterFirst).toBeGreaterThanOrEqual(8);
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.vaultline.local'));
    expect(admin?.role).toBe('admin');

    expect(await seedDemo(t.app)).toBe(false);
    const [{ value: afterSecond } = { value: 0 }] = await t.database.db.select({ value: count() }).from(users);
    expect(afterSecond).toBe(afterFirst);

    const report = await verifyLedger(t.database.db);
    expect(report.ok).toBe(true);
  });
});
