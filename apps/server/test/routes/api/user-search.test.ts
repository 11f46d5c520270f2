import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../../src/db/schema';
import { selectRows } from '../../../src/db/rows';
import { useTestApp } from '../../helpers/build-test-app';

const t = useTestApp();

/** The staff search by name reads user_name_words (migration 0023), which triggers on users keep. */
describe('the staff user search by name', () => {
  const found = async (headers: Record<string, string>, search: string, marker: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/users/getUsers?search=${encodeURIComponent(search)}&limit=500`, headers });
    expect(response.statusCode).toBe(200);
    return (response.json().users as Array<{ name: string; email: string }>).filter((user) => user.email.includes(marker)).map((user) => user.name).sort();
  };

  it('finds a name containing the search where each term begins a word, in any case; an email containing it anywhere', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const marker = `srch${Date.now()}`;
    const names = ["Zoe O'Neil-Quark", 'Scale User 4242', 'Scale User 42420', 'José Álvarez'];
    for (const [index, name] of names.entries()) await t.createUser({ name, email: `${marker}-${index}@example.com` });

    const search = (text: string) => found(admin.headers, text, marker);
    expect(await search('User 4242')).toEqual(['Scale User 4242', 'Scale User 42420']);
    expect(await search('scale user 4242')).toEqual(['Scale User 4242', 'Scale User 42420']);
    expect(await search('User 42420')).toEqual(['Scale User 42420']);
    expect(await search("o'ne")).toEqual(["Zoe O'Neil-Quark"]);
    expect(await search('QUARK')).toEqual(["Zoe O'Neil-Quark"]);
    expect(await search('José')).toEqual(['José Álvarez']);
    expect(await search('Álvarez')).toEqual(['José Álvarez']);
    // Inside a word, or the words out of order: not a name match.
    expect(await search('ale Us')).toEqual([]);
    expect(await search('4242 User')).toEqual([]);
    // An email matches anywhere in it, and its words do not find names.
    expect(await search(`${marker}-1@`)).toEqual(['Scale User 4242']);
    expect(await search('example.com')).toEqual([...names].sort());
  });

  it('keeps the name words equal to the names through bulk inserts, renames, deletions and sign-ins', async () => {
    const db = t.database.db;
    const marker = `words${Date.now()}`;
    const stale = async () => {
      const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from (
        (select user_id, word from user_name_words except select id, unnest(name_search_words(name)) from users)
        union all
        (select id, unnest(name_search_words(name)) from users except select user_id, word from user_name_words)) difference`);
      return row!.n;
    };
    await db.insert(users).values([1, 2, 3].map((n) => ({ id: `${marker}-${n}`, name: `Bulk Person ${n}`, email: `${marker}-${n}@example.com`, referralCode: `${marker}${n}` })));
    expect(await stale()).toBe(0);
    await db.update(users).set({ name: 'Renamed Entirely' }).where(eq(users.id, `${marker}-1`));
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, `${marker}-2`));
    await db.update(users).set({ name: sql`${users.name} || ' Junior'` }).where(sql`${users.id} like ${`${marker}-%`}`);
    await db.delete(users).where(eq(users.id, `${marker}-3`));
    expect(await stale()).toBe(0);

    const admin = await t.createUser({ role: 'admin' });
    expect(await found(admin.headers, 'entirely jun', marker)).toEqual(['Renamed Entirely Junior']);
    expect(await found(admin.headers, 'Bulk', marker)).toEqual(['Bulk Person 2 Junior']);
  });
});
