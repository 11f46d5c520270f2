import { describe, expect, it } from 'vitest';
import { USER_SORTS, type AdminUserView, type UserListResponse, type UserSort } from '@app/shared';
import { adjustBalance } from '../../../src/ledger';
import { useTestApp, useUser } from '../../helpers/build-test-app';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });

/** Every page of the list for these parameters, `limit` users a page, followed through the cursors. */
async function walk(params: Record<string, string>, limit: number): Promise<AdminUserView[]> {
  const listed: AdminUserView[] = [];
  let cursor: string | null = null;
  do {
    const query: URLSearchParams = new URLSearchParams({ ...params, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const response = await t.app.inject({ method: 'GET', url: `/api/users/getUsers?${query}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const page: UserListResponse = response.json();
    listed.push(...page.users);
    cursor = page.nextCursor;
  } while (cursor);
  return listed;
}

const cents = (money: string) => Math.round(Number(money) * 100);
/** What each column compares: ASCII names and emails, so JavaScript's order is the database's. */
const sortValue: Record<UserSort, (user: AdminUserView) => string | number> = {
  joined: (user) => user.createdAt,
  name: (user) => user.name,
  email: (user) => user.email,
  role: (user) => user.role,
  kyc: (user) => user.kycStatus,
  balance: (user) => cents(user.balance),
};

function expectedOrder(listed: AdminUserView[], sort: UserSort, order: 'asc' | 'desc'): string[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...listed]
    .sort((a, b) => {
      const [x, y] = [sortValue[sort](a), sortValue[sort](b)];
      if (x !== y) return (x < y ? -1 : 1) * sign;
      return (a._id < b._id ? -1 : 1) * sign;
    })
    .map((user) => user._id);
}

describe('GET /api/users/getUsers sorted by a column', () => {
  it('sorts the whole list (not one page) by each column either way, the cursor walking every user once', async () => {
    const marker = `sort${Date.now()}`;
    const people = [
      { name: `Mia ${marker}`, role: 'subscriber', kycStatus: 'Pending', cents: 75_000 },
      { name: `Ada ${marker}`, role: 'author', kycStatus: 'Approved', cents: 120 },
      { name: `Zed ${marker}`, role: 'suspended', kycStatus: 'Rejected', cents: 0 },
      { name: `Ben ${marker}`, role: 'subscriber', kycStatus: 'Not Submitted', cents: 9_999_999 },
      { name: `Kenji Watanabe-Okonkwo ${marker}`, role: 'subscriber', kycStatus: 'Approved', cents: 75_000 },
    ] as const;
    for (const [index, person] of people.entries()) {
      const { user } = await t.createUser({ name: person.name, email: `${marker}-${'qpxab'[index]}@example.com`, role: person.role, kycStatus: person.kycStatus });
      if (person.cents > 0) await t.database.db.transaction((tx) => adjustBalance(tx, { userId: user.id, operation: 'add', amountCents: person.cents, reason: 'test', actorId: admin.user.id }));
    }

    const everyone = await walk({}, 50);
    expect(everyone.length).toBeGreaterThanOrEqual(people.length + 1);
    for (const sort of USER_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const whole = await walk({ sort, order }, 2);
        expect(whole.map((user) => user._id), `${sort} ${order}`).toEqual(expectedOrder(everyone, sort, order));
        const searched = await walk({ sort, order, search: marker }, 2);
        expect(searched.map((user) => user._id), `${sort} ${order} searched`).toEqual(expectedOrder(everyone.filter((user) => user.name.includes(marker)), sort, order));
      }
    }
    // Without an order, joined is newest first and another column ascending.
    expect((await walk({ sort: 'name', search: marker }, 3)).map((user) => user.name.split(' ')[0])).toEqual(['Ada', 'Ben', 'Kenji', 'Mia', 'Zed']);
  });

  it('refuses an unknown column or order and a cursor that is not one of its own with 400 and a message', async () => {
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/users/getUsers?${query}`, headers: admin.headers });
    for (const query of ['sort=password', 'sort=name&order=sideways', 'sort=balance&cursor=abc', `sort=balance&cursor=${Buffer.from(JSON.stringify(['1.5', 'x'])).toString('base64url')}`, `sort=joined&order=asc&cursor=${Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url')}`]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toEqual(expect.any(String));
    }
  });
});
