import { describe, expect, it } from 'vitest';
import type { AuditListResponse } from '@app/shared';
import { useTestApp } from '../../helpers/build-test-app';

const t = useTestApp();

/** The audit log names the people of each entry, for its sentence and the links to them (the back office's audit page). */
describe('GET /api/admin/audit: the people of an entry', () => {
  it("names a confirmed deposit's owner beside its actor, with their emails; a user target's name and email", async () => {
    const admin = await t.createUser({ role: 'admin', name: 'Ada King', email: `ada-${Date.now()}@example.com` });
    const owner = await t.createUser({ name: 'Ben Ode', email: `ben-${Date.now()}@example.com` });
    const created = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: owner.headers, payload: { amount: 750 } });
    expect(created.statusCode).toBe(201);
    const transactionId = created.json<{ transaction: { transactionId: string } }>().transaction.transactionId;
    const confirmed = await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: admin.headers, payload: { transactionId } });
    expect(confirmed.statusCode).toBe(200);

    const log = (await t.app.inject({ method: 'GET', url: `/api/admin/audit?action=payment.confirm&targetId=${transactionId}`, headers: admin.headers })).json<AuditListResponse>();
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({
      actorName: 'Ada King',
      actorEmail: admin.user.email,
      targetType: 'payment',
      targetId: transactionId,
      targetName: null,
      subjectName: 'Ben Ode',
      subjectEmail: owner.user.email,
      after: { status: 'Confirmed', amount: '750.00', userId: owner.user.id },
    });

    await t.app.inject({ method: 'POST', url: '/api/users/upgradeUser', headers: admin.headers, payload: { id: owner.user.id, role: 'author' } });
    const role = (await t.app.inject({ method: 'GET', url: `/api/admin/audit?action=user.role_change&targetId=${owner.user.id}`, headers: admin.headers })).json<AuditListResponse>();
    expect(role.items[0]).toMatchObject({ targetName: 'Ben Ode', targetEmail: owner.user.email, subjectName: null, subjectEmail: null });
  });
});
