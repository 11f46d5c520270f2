import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { PendingCounts, PendingKycList } from '@app/shared';
import { useTestApp, useUser } from '../helpers/build-test-app';
import { seedDemo } from '../../src/cli/demo';
import { users } from '../../src/db/schema';
import { verifyLedger } from '../../src/ledger';

const t = useTestApp();
const staff = useUser(t, { role: 'admin' });

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

  it('shows "KYC Pending" only for users waiting in the staff KYC queue, with documents staff can open', async () => {
    const pendingUsers = await t.database.db.select({ id: users.id }).from(users).where(eq(users.kycStatus, 'Pending'));
    expect(pendingUsers.length).toBeGreaterThan(0);
    const queue = (await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending', headers: staff.headers })).json<PendingKycList>();
    expect(queue.pendingUsers.map((row) => row._id).sort()).toEqual(pendingUsers.map((row) => row.id).sort());
    const counts = (await t.app.inject({ method: 'GET', url: '/api/admin/pending-counts', headers: staff.headers })).json<PendingCounts>();
    expect(counts.kyc).toBe(pendingUsers.length);
    for (const side of ['front', 'back']) {
      const document = await t.app.inject({ method: 'GET', url: `/api/users/kyc/${pendingUsers[0]!.id}/documents/${side}`, headers: staff.headers });
      expect(document.statusCode).toBe(200);
      expect(document.headers['content-type']).toMatch(/^image\//);
    }
  });
});
