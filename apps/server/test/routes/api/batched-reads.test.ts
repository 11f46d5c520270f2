/**
 * The session, dashboard series and public plan reads are batched across concurrent
 * requests (db/batched-read.ts). Batching must never hand one user's answer to another, nor
 * an answer older than the request. The public plan list alone is also kept for a second.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../../../src/db/schema';
import { buildTestApp, type TestApp, type TestUser } from '../../helpers/build-test-app';
import { fund } from '../../money/helpers';

let t: TestApp;
let staff: TestUser;
const users: TestUser[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  staff = await t.createUser({ role: 'admin' });
  for (let i = 0; i < 24; i += 1) users.push(await t.createUser());
  // Distinct balances, so a crossed answer shows.
  for (const [i, user] of users.slice(0, 6).entries()) await fund(t, user, staff, `${100 + i * 10}.00`);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers });

describe('reads batched across concurrent requests', () => {
  it('answers each concurrent getUser and dashboard with its own user and figures', async () => {
    const askers = [...users, ...users.slice(0, 6), staff];
    const [profiles, dashboards] = await Promise.all([
      Promise.all(askers.map((user) => get('/api/users/getUser', user))),
      Promise.all(askers.map((user) => get('/api/money/dashboard', user))),
    ]);
    for (const [i, user] of askers.entries()) {
      expect(profiles[i]!.statusCode).toBe(200);
      expect(profiles[i]!.json()).toMatchObject({ _id: user.user.id, email: user.user.email });
      const funded = users.indexOf(user);
      const balance = funded >= 0 && funded < 6 ? `${100 + funded * 10}.00` : '0.00';
      expect(dashboards[i]!.statusCode).toBe(200);
      expect(dashboards[i]!.json()).toMatchObject({ balance });
      expect(dashboards[i]!.json().series.changes.at(-1).balance).toBe(balance);
    }
  });

  it('refuses a token ended just before the request, while the others in the same batch are answered', async () => {
    const leaving = await t.createUser();
    expect((await get('/api/users/getUser', leaving)).statusCode).toBe(200);
    expect((await get('/api/users/logout', leaving)).statusCode).toBe(200);
    const answers = await Promise.all([leaving, ...users.slice(0, 8)].map((user) => get('/api/users/getUser', user)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, ...Array(8).fill(200)]);
  });

  it('gives concurrent visitors the same plan list, and a plan change to the requests after it', async () => {
    const lists = await Promise.all(Array.from({ length: 12 }, () => get('/api/invest/plans')));
    const first = lists[0]!.json() as Array<{ _id: string; description: string }>;
    expect(first).toHaveLength(6);
    for (const list of lists) {
      expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(list.json()).toEqual(first);
    }

    const plan = first[0]!;
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/invest/plans/${plan._id}`,
      headers: staff.headers,
      payload: { description: 'Edited while visitors read the list.' },
    });
    expect(edited.statusCode).toBe(200);
    const after = await Promise.all(Array.from({ length: 6 }, () => get('/api/invest/plans')));
    for (const list of after) expect(list.json()[0].description).toBe('Edited while visitors read the list.');
  });

  it('shows a plan change made by another instance within a second (each instance keeps the public list that long)', async () => {
    const [plan] = (await get('/api/invest/plans')).json() as Array<{ _id: string }>;
    // Another instance's edit: straight to the database, so this instance is not told.
    await t.database.db.update(plans).set({ description: 'Edited on another instance.' }).where(eq(plans.id, plan!._id));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get('/api/invest/plans')).json()[0].description).toBe('Edited on another instance.');
  });
});
