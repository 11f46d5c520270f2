import pg from 'pg';
import { Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { userListResponseSchema, type StaffQueueQuery } from '@app/shared';
import { listUsers, searchPageQuery } from '../../src/services/admin/user-list';
import { needsPostgres, openTestDatabase } from '../helpers/build-test-app';

/**
 * The staff user search is a prepared statement, and PostgreSQL may run a prepared statement on
 * a plan made without its values. Merged into the page, such a plan walks the users newest first
 * looking for the pattern (190-230 ms on 101,000 users for a rare name); the search must find its
 * matches first (ADR 0019). Checked on the generic plan, with enough users for the walk to look cheap.
 */
describe('the user search plan on PostgreSQL', needsPostgres, () => {
  let database: Database & { url?: string };
  /** The page the service writes (JSON text), read as its schema's answer. */
  const searched = async (query: StaffQueueQuery & { search: string }) => userListResponseSchema.parse(JSON.parse(await listUsers(database.db, query)));
  const USERS = 30_000;
  const COMMON_NAMES = 600;

  beforeAll(async () => {
    database = await openTestDatabase({ postgres: true });
    await database.db.execute(sql`insert into users (id, name, email, referral_code, created_at)
      select 'search-' || g, 'Common Name ' || g, 'common-' || g || '@example.com', 'SRCH' || g, now() - make_interval(secs => g)
      from generate_series(1, ${USERS}) g`);
    // Two common first and last names, and the few users who have both.
    await database.db.execute(sql`insert into users (id, name, email, referral_code, created_at)
      select kind || '-' || g, initcap(replace(kind, '-', ' ')) || ' ' || g, kind || '-' || g || '@example.com', upper(kind) || g, now() - make_interval(secs => g)
      from unnest(array['ada-king', 'grace-lovelace']) kind cross join generate_series(1, ${COMMON_NAMES}) g
      union all select 'ada-lovelace-' || g, 'Ada Lovelace ' || g, 'ada-lovelace-' || g || '@example.com', 'ADALOVELACE' || g, now() from generate_series(1, 10) g`);
    await database.db.execute(sql`analyze users`);
    await database.db.execute(sql`analyze user_name_words`);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('finds the matches before ordering them, whatever the pattern, on the plan made without it', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      for (const beforeCursor of [false, true]) {
        const { sql: text, params } = searchPageQuery(database.db, beforeCursor).toSQL();
        const values: Record<string, unknown> = { search: 'Common Name 4242', pattern: '%Common Name 4242%', limit: 51, at: new Date().toISOString(), id: 'zzz' };
        const args = params.map((param) => (param instanceof Placeholder ? values[param.name] : param));
        await client.query(`prepare page as ${text}`);
        const literals = args.map((arg) => (typeof arg === 'number' ? String(arg) : client.escapeLiteral(String(arg))));
        const { rows } = await client.query(`explain (format json) execute page(${literals.join(', ')})`);
        await client.query('deallocate page');
        const plan = JSON.stringify(rows[0]['QUERY PLAN']);
        // The plan the merged statement gets: the newest-first index, filtered row by row.
        expect(plan).not.toContain('users_created_at_id_idx');
        expect(plan).toContain('"Node Type":"Sort"');
      }
    } finally {
      await client.end();
    }
  });

  it('reads a name search from its rarest term: the index entries it reads do not grow with the common ones', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: string }>(`select users_named('Common Name 4242', '%Common Name 4242%') as id`);
      expect(rows.map((row) => row.id)).toEqual(['search-4242']);
      // "common" and "name" begin 30,000 words each: counted up to 100, never walked.
      const read = await client.query<{ n: string }>(`select pg_stat_get_xact_tuples_returned('user_name_words_word_idx'::regclass) as n`);
      expect(Number(read.rows[0]!.n)).toBeLessThan(1_000);
      await client.query('commit');
    } finally {
      await client.end();
    }
  });

  it('reads a search of common words from the users both rarest terms share, not a lookup per candidate', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const tuplesRead = async (index: string) =>
      Number((await client.query<{ n: string }>(`select pg_stat_get_xact_tuples_returned($1::regclass) as n`, [index])).rows[0]!.n);
    try {
      await client.query('begin');
      // "ada" and "lovelace" begin 610 words each; 10 names have both.
      const { rows } = await client.query<{ id: string }>(`select users_named('Ada Lovelace', '%Ada Lovelace%') as id order by id`);
      expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 10 }, (_, index) => `ada-lovelace-${index + 1}`).sort());
      // One candidate per shared user: their names read once each, no user's words looked up.
      expect(await tuplesRead('users_pkey')).toBe(10);
      expect(await tuplesRead('user_name_words_user_id_word_pk')).toBe(0);
      await client.query('commit');
      await client.query('begin');
      // "1" begins more than 5,000 words: checked on the shared users alone (their three words at most).
      const withNumber = await client.query<{ id: string }>(`select users_named('Ada Lovelace 1', '%Ada Lovelace 1%') as id order by id`);
      expect(withNumber.rows.map((row) => row.id)).toEqual(['ada-lovelace-1', 'ada-lovelace-10']);
      expect(await tuplesRead('user_name_words_user_id_word_pk')).toBeLessThanOrEqual(10 * 3);
      await client.query('commit');
      // One common term and a rare one: the rare one's words, as before.
      expect((await client.query(`select users_named('King 600', '%King 600%') as id`)).rows.map((row) => row.id)).toEqual(['ada-king-600']);
      expect((await searched({ search: 'ada lovelace', limit: 50, cursor: undefined })).total).toBe(10);
    } finally {
      await client.end();
    }
  });

  it('keeps one plan for the page whatever the search, and one for each statement of the search functions', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { sql: text, params } = searchPageQuery(database.db, false).toSQL();
      await client.query(`prepare page as ${text}`);
      const searches = ['Common Name 4242', 'common-777@', 'Name 12', 'common-1', 'Common Name 9', 'name', 'Common 30000', 'common-29'];
      for (const search of searches) {
        const values: Record<string, unknown> = { search, pattern: `%${search}%`, limit: 51 };
        const args = params.map((param) => (param instanceof Placeholder ? values[param.name] : param));
        await client.query(`execute page(${args.map((arg) => (typeof arg === 'number' ? String(arg) : client.escapeLiteral(String(arg)))).join(', ')})`);
      }
      // PostgreSQL tries five custom plans, then keeps the generic one unless a search's own plan
      // is cheaper: a branch that only some searches take (0.2-0.7 ms of planning a search).
      const { rows } = await client.query<{ generic: string; custom: string }>(`select generic_plans as generic, custom_plans as custom from pg_prepared_statements where name = 'page'`);
      expect(Number(rows[0]!.custom)).toBe(5);
      expect(Number(rows[0]!.generic)).toBe(searches.length - 5);
      const functions = await client.query<{ name: string; config: string[] }>(`select proname as name, proconfig as config from pg_proc where proname in ('users_named', 'users_emailed') order by proname`);
      expect(functions.rows).toEqual([
        { name: 'users_emailed', config: ['plan_cache_mode=force_generic_plan'] },
        { name: 'users_named', config: ['enable_bitmapscan=off', 'plan_cache_mode=force_generic_plan'] },
      ]);
    } finally {
      await client.end();
    }
  });

  it('answers a rare name, an email and a common word among them, counted', async () => {
    const page = (search: string, limit = 50) => searched({ search, limit, cursor: undefined });
    for (let run = 0; run < 7; run += 1) {
      // Past the fifth run PostgreSQL may switch the prepared statement to its generic plan.
      expect((await page('Common Name 4242')).users.map((user) => user.name)).toEqual(['Common Name 4242']);
    }
    expect((await page('common-777@')).total).toBe(1);
    const common = await page('Common', 20);
    expect(common.total).toBe(USERS);
    expect(common.users.map((user) => user.name)).toEqual(Array.from({ length: 20 }, (_, index) => `Common Name ${index + 1}`));
    const next = await searched({ search: 'Common', limit: 20, cursor: common.nextCursor! });
    expect(next.total).toBe(USERS);
    expect(next.users[0]!.name).toBe('Common Name 21');
  });
});
