import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database } from '../../src/db/client';
import { selectRows } from '../../src/db/rows';
import { adjustBalance } from '../../src/ledger';
import { HistoryPageCache, historyPageCache } from '../../src/services/history/page-cache';
import { buildTestApp, needsPostgres, openTestDatabase, type TestApp, type TestUser } from '../helpers/build-test-app';

/** Rendered history pages in memory, checked against the history version (ADR 0023). */
describe('HistoryPageCache', () => {
  it('answers a page only at the version it was rendered at', () => {
    const cache = new HistoryPageCache(1_000);
    cache.set('u1', '3', 'first', Buffer.from('{"a":1}'));
    expect(cache.get('u1', '3', 'first')?.toString()).toBe('{"a":1}');
    expect(cache.get('u1', '4', 'first')).toBeUndefined();
    expect(cache.get('u1', '3', 'other')).toBeUndefined();
    expect(cache.get('u2', '3', 'first')).toBeUndefined();
  });

  it("replaces a user's pages at a newer version, and keeps the newer ones over an older rendering", () => {
    const cache = new HistoryPageCache(1_000);
    cache.set('u1', '3', 'first', Buffer.from('v3 first'));
    cache.set('u1', '3', 'deep', Buffer.from('v3 deep'));
    cache.set('u1', '10', 'first', Buffer.from('v10 first'));
    expect(cache.get('u1', '3', 'deep')).toBeUndefined();
    expect(cache.size).toEqual({ users: 1, bytes: 'v10 first'.length });
    // A slower read that rendered version 9 arrives last: version 10 stays (compared as numbers, not text).
    cache.set('u1', '9', 'deep', Buffer.from('v9 deep'));
    expect(cache.get('u1', '10', 'first')?.toString()).toBe('v10 first');
    expect(cache.get('u1', '9', 'deep')).toBeUndefined();
  });

  it('drops the least recently read users beyond its size, and never keeps a page of over a quarter of it', () => {
    const cache = new HistoryPageCache(100);
    cache.set('a', '1', 'p', Buffer.from('x'.repeat(20)));
    cache.set('b', '1', 'p', Buffer.from('x'.repeat(20)));
    cache.set('c', '1', 'p', Buffer.from('x'.repeat(20)));
    expect(cache.get('a', '1', 'p')).toBeDefined();
    cache.set('d', '1', 'p', Buffer.from('x'.repeat(20)));
    cache.set('e', '1', 'p', Buffer.from('x'.repeat(20)));
    expect(cache.size).toEqual({ users: 5, bytes: 100 });
    cache.set('f', '1', 'p', Buffer.from('x'.repeat(20)));
    // b was read least recently (a was read after it was written).
    expect(cache.get('b', '1', 'p')).toBeUndefined();
    expect(cache.get('a', '1', 'p')).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(100);
    cache.set('g', '1', 'p', Buffer.from('x'.repeat(26)));
    expect(cache.get('g', '1', 'p')).toBeUndefined();
  });
});

describe('the history version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const versionOf = async (userId: string) =>
    (await selectRows<{ version: string }>(t.database.db, sql`select coalesce((select version from history_versions where user_id = ${userId}), 0)::text as version`))[0]!
      .version;

  it('moves with every committed write to the history, and not with one rolled back', async () => {
    const user = await t.createUser();
    expect(await versionOf(user.user.id)).toBe('0');
    await t.database.db.transaction((tx) => adjustBalance(tx, { userId: user.user.id, operation: 'add', amountCents: 500, reason: 'Goodwill', actorId: null }));
    expect(await versionOf(user.user.id)).toBe('1');
    await expect(
      t.database.db.transaction(async (tx) => {
        await adjustBalance(tx, { userId: user.user.id, operation: 'add', amountCents: 700, reason: 'Not kept', actorId: null });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await versionOf(user.user.id)).toBe('1');
  });
});

/** Two instances, each with its own memory, on one PostgreSQL database. */
describe('history pages on two instances', () => {
  let one: TestApp;
  let two: TestApp;
  let database: Database & { url?: string };
  let secondHandle: Database;
  let user: TestUser;
  const url = '/api/invest/getTransactionHistory?limit=5';

  beforeAll(async () => {
    if (needsPostgres.skip) return;
    database = await openTestDatabase({ postgres: true });
    secondHandle = openPostgres(database.url!, 10);
    one = await buildTestApp({ database });
    two = await buildTestApp({ database: secondHandle });
    user = await one.createUser();
  });
  afterAll(async () => {
    if (needsPostgres.skip) return;
    await two.close();
    await secondHandle.close();
    await one.close();
    await database.close();
  });

  const itemsOn = async (app: TestApp) => (await app.app.inject({ method: 'GET', url, headers: user.headers })).json<{ history: Array<{ amount: string }> }>().history;

  it('answers on one instance what the other wrote', needsPostgres, async () => {
    expect(await itemsOn(one)).toHaveLength(0);
    expect(await itemsOn(two)).toHaveLength(0);
    await secondHandle.db.transaction((tx) => adjustBalance(tx, { userId: user.user.id, operation: 'add', amountCents: 1_000, reason: 'On two', actorId: null }));
    expect((await itemsOn(one)).map((item) => item.amount)).toEqual(['10.00']);
    await database.db.transaction((tx) => adjustBalance(tx, { userId: user.user.id, operation: 'add', amountCents: 2_000, reason: 'On one', actorId: null }));
    expect((await itemsOn(two)).map((item) => item.amount)).toEqual(['20.00', '10.00']);
  });

  it('counts every one of many concurrent writes, and each read shows a committed state', needsPostgres, async () => {
    const before = (await itemsOn(one)).length;
    const writes = Array.from({ length: 24 }, (_, index) =>
      (index % 2 ? database : secondHandle).db.transaction((tx) =>
        adjustBalance(tx, { userId: user.user.id, operation: 'add', amountCents: 100 + index, reason: `Concurrent ${index}`, actorId: null }),
      ),
    );
    const reads = Array.from({ length: 24 }, (_, index) => itemsOn(index % 2 ? one : two));
    await Promise.all(writes);
    for (const items of await Promise.all(reads)) expect(items.length).toBeLessThanOrEqual(5);
    const rows = await selectRows<{ version: string; entries: string }>(
      database.db,
      sql`select (select version from history_versions where user_id = ${user.user.id})::text as version, (select count(*) from history_entries where user_id = ${user.user.id})::text as entries`,
    );
    expect(rows[0]).toEqual({ version: String(before + 24), entries: String(before + 24) });
    const first = await itemsOn(one);
    expect(first).toEqual(await itemsOn(two));
    expect(first).toHaveLength(5);
  });
});

/**
 * A client that accepts brotli or gzip gets the page compressed, once per history version, and the
 * CSV export compressed on every request (an export of 50,000 rows is about 7 MB) (ADR 0023).
 */
describe('history pages and CSV exports compressed for clients that accept brotli or gzip', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (user: TestUser, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?limit=20', headers: { ...user.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });
  const add = (user: TestUser, cents: number) =>
    t.database.db.transaction((tx) => adjustBalance(tx, { userId: user.user.id, operation: 'add', amountCents: cents, reason: `Goodwill ${cents}`, actorId: null }));
  const exportCsv = (user: TestUser, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?format=csv', headers: { ...user.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

  it('sends the same JSON brotli-compressed to a browser (gzip to a client without brotli), and says that it varies', async () => {
    const user = await t.createUser();
    for (let cents = 100; cents < 120; cents += 1) await add(user, cents);
    const plain = await read(user);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Cookie, Authorization, Accept-Encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const cache = historyPageCache(t.database.db);
    const asBrowsersAsk = await read(user, 'gzip, deflate, br, zstd');
    expect(asBrowsersAsk.statusCode).toBe(200);
    expect(asBrowsersAsk.headers['content-encoding']).toBe('br');
    expect(asBrowsersAsk.headers.vary).toBe('Cookie, Authorization, Accept-Encoding');
    expect(asBrowsersAsk.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotliDecompressSync(asBrowsersAsk.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gzipped = await read(user, 'gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(asBrowsersAsk.rawPayload.length).toBeLessThan(gzipped.rawPayload.length);
    // A client's own preference wins over the server's.
    expect((await read(user, 'br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip');

    // Compressed once per coding: read again at the same version, from memory.
    const kept = cache.size.bytes;
    expect((await read(user, 'br')).rawPayload.equals(asBrowsersAsk.rawPayload)).toBe(true);
    expect((await read(user, 'gzip')).rawPayload.equals(gzipped.rawPayload)).toBe(true);
    expect(cache.size.bytes).toBe(kept);

    // A new version: the compressed pages move with it.
    await add(user, 999);
    expect(JSON.parse(brotliDecompressSync((await read(user, 'br')).rawPayload).toString()).history[0].amount).toBe('9.99');
    expect(JSON.parse(gunzipSync((await read(user, 'gzip')).rawPayload).toString()).history[0].amount).toBe('9.99');
  });

  it('sends the JSON as it is to a client that refuses compression, and a small page uncompressed', async () => {
    const user = await t.createUser();
    expect((await read(user, 'br')).headers['content-encoding']).toBeUndefined();
    expect((await read(user, 'gzip')).json()).toEqual({ history: [], nextCursor: null });
    for (let cents = 100; cents < 120; cents += 1) await add(user, cents);
    for (const refusing of ['gzip;q=0', 'br;q=0, gzip;q=0', 'identity', 'deflate, zstd']) {
      const response = await read(user, refusing);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json().history).toHaveLength(20);
    }
  });

  it('sends the same CSV brotli- or gzip-compressed as asked, as an attachment, and as it is otherwise', async () => {
    const user = await t.createUser();
    for (let cents = 100; cents < 140; cents += 1) await add(user, cents);
    const plain = await exportCsv(user);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.body.trim().split('\r\n')).toHaveLength(41);

    const cache = historyPageCache(t.database.db);
    const kept = cache.size.bytes;
    for (const [asked, encoding, decompress] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      const compressed = await exportCsv(user, asked);
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(compressed.headers['content-disposition']).toBe('attachment; filename="transaction-history.csv"');
      expect(compressed.headers.vary).toBe('Cookie, Authorization, Accept-Encoding');
      expect(decompress(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
    expect(cache.size.bytes).toBe(kept);
    expect((await exportCsv(user, 'identity')).rawPayload.equals(plain.rawPayload)).toBe(true);
  });
});
