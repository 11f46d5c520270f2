/**
 * Hostile-input fuzzer over the OpenAPI document (issue 9). For every operation of
 * GET /api/docs/json and every role (anonymous, subscriber, author, admin), generated and
 * mutated path params, query strings and bodies (wrong types, huge strings, deep nesting,
 * unicode edge cases, prototype-pollution keys, SQL and NoSQL payloads, wrong content
 * types), sent through app.inject. Every answer must be below 500, carry no stack trace,
 * and a refused (4xx) request must change nothing in the database (every table's content
 * hashed before and after).
 *
 * The seed is printed; replay with FUZZ_SEED=<seed>. FUZZ_REQUESTS changes the count
 * (default 10,000); the run stops at FUZZ_TIME_BUDGET_MS (default 300 s) on a saturated machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/ledger';
import { findSession } from '../../src/services/auth/sessions';
import { buildTestApp, type TestApp, type TestUser } from '../helpers/build-test-app';
import { BTC, fund } from '../money/helpers';
import { CONTENT_TYPES, HOSTILE_STRINGS, RAW_BODIES, hostileValue, mutate, operationsOf, valueFor, type Operation } from './fuzz-lib';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
/** 2,000 in `npm test`; `npm run test:proof` (CI) sends 10,000. */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_000);
const TIME_BUDGET_MS = Number(process.env.FUZZ_TIME_BUDGET_MS ?? 300_000);
const ROLES = ['anonymous', 'subscriber', 'author', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** Columns that legitimately change on a refused request (counted attempts, read timestamps). */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  sessions: ['last_seen_at'],
  login_codes: ['attempts'],
};

const STACK_TRACE = /\n\s+at\s|\bat\s+\S+\s+\(.*:\d+:\d+\)|node_modules|\/apps\/server\/|\.ts:\d+/;

interface FuzzRequest {
  role: Role;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}

interface Failure {
  index: number;
  why: string;
  request: string;
  status?: number;
  body?: string;
}

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

function encodeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // Lone surrogates: send the bytes a broken client would (CESU-8), not valid UTF-8.
    return Array.from(text, (char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    }).join('');
  }
}

function encodeValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return encodeText(text.length > 20_000 ? text.slice(0, 20_000) : text);
}

/** Arbitrary for one request to `operation` (role and credentials are added later). */
function requestArbitrary(operation: Operation, pools: { ids: string[] }, staffStream: boolean) {
  const pathParams = operation.params.filter((param) => param.in === 'path');
  const queryParams = operation.params.filter((param) => param.in === 'query');
  const pathValues = fc.tuple(
    ...pathParams.map((param) =>
      fc.oneof(
        { weight: 3, arbitrary: valueFor(param.schema, pools, param.name === 'id' ? 'someId' : param.name).map((value) => ({ value, raw: false })) },
        { weight: 1, arbitrary: fc.constantFrom(...pools.ids).map((value) => ({ value, raw: false })) },
        { weight: 2, arbitrary: hostileValue.map((value) => ({ value, raw: false })) },
        { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '..%2F..', '%00', 'a%2Fb', '%C0%AE').map((value) => ({ value, raw: true })) },
      ),
    ),
  );
  const queryPairs = fc.tuple(
    ...queryParams.map((param) =>
      fc.option(fc.oneof({ weight: 3, arbitrary: valueFor(param.schema, pools, param.name) }, { weight: 2, arbitrary: hostileValue }), { nil: undefined }).map((value) => [param.name, value] as const),
    ),
  );
  const extraQuery = fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor[prototype][x]', 'a[b][c]', 'page', 'limit', '$where', '', 'once'), hostileValue), { nil: undefined });
  const body = operation.body ? mutate(valueFor(operation.body.schema, pools)) : hostileValue;
  return fc.record({
    path: pathValues,
    query: queryPairs,
    extraQuery,
    repeatFirst: fc.boolean(),
    bodyMode: fc.constantFrom('json', 'json', 'json', 'json', 'raw', 'none', 'type'),
    body,
    raw: fc.constantFrom(...RAW_BODIES),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    cookieAuth: fc.boolean(),
    idempotencyKey: fc.option(fc.oneof(fc.constantFrom(...HOSTILE_STRINGS.filter((s) => /^[\x20-\x7e]*$/.test(s)).map((s) => s.slice(0, 400))), fc.uuid()), {
      nil: undefined,
      freq: 4,
    }),
    ip: fc.tuple(fc.nat({ max: 255 }), fc.nat({ max: 255 })),
    staffStream: fc.constant(staffStream),
  }).map((spec) => {
    let path = operation.path;
    pathParams.forEach((param, i) => {
      const { value, raw } = spec.path[i]!;
      const text = raw ? String(value) : encodeValue(value);
      path = path.replace(`{${param.name}}`, text === '' ? '%20' : text);
    });
    const pairs: Array<[string, unknown]> = [];
    for (const [name, value] of spec.query) if (value !== undefined) pairs.push([name, value]);
    if (spec.extraQuery) pairs.push([spec.extraQuery[0], spec.extraQuery[1]]);
    if (spec.repeatFirst && pairs[0]) pairs.push(pairs[0]);
    if (operation.path === '/api/admin/events') {
      // Without once=1 a staff caller gets a live stream that never ends.
      for (let i = pairs.length - 1; i >= 0; i -= 1) if (pairs[i]![0] === 'once') pairs.splice(i, 1);
      pairs.push(['once', '1']);
    }
    const query = pairs.map(([name, value]) => `${encodeText(name)}=${encodeValue(value)}`).join('&');
    const headers: Record<string, string> = {};
    let payload: string | undefined;
    if (operation.method !== 'GET' && operation.method !== 'DELETE') {
      if (spec.bodyMode === 'json') {
        payload = JSON.stringify(spec.body) ?? 'null';
        headers['content-type'] = 'application/json';
      } else if (spec.bodyMode === 'raw') {
        payload = spec.raw;
        headers['content-type'] = 'application/json';
      } else if (spec.bodyMode === 'type') {
        payload = JSON.stringify(spec.body) ?? 'x';
        if (spec.contentType) headers['content-type'] = spec.contentType;
      }
    } else if (spec.bodyMode === 'raw') {
      payload = spec.raw;
      headers['content-type'] = 'application/json';
    }
    if (spec.idempotencyKey !== undefined) headers['idempotency-key'] = spec.idempotencyKey;
    return {
      method: operation.method,
      url: query ? `${path}?${query}` : path,
      headers,
      payload,
      cookieAuth: spec.cookieAuth,
      remoteAddress: `10.9.${spec.ip[0]}.${spec.ip[1]}`,
    };
  });
}

describe('hostile-input fuzzer over the OpenAPI document', () => {
  let t: TestApp;
  const users: Partial<Record<Role, TestUser>> = {};
  const ids: string[] = [];
  let fingerprintQuery: ReturnType<typeof sql.raw>;

  async function fingerprint(): Promise<Map<string, string>> {
    const result = rows<{ t: string; h: string }>(await t.database.db.execute(fingerprintQuery));
    return new Map(result.map((row) => [row.t, row.h]));
  }

  beforeAll(async () => {
    t = await buildTestApp({ config: { authRateLimitScale: 1 } });
    const admin = await t.createUser({ role: 'admin' });
    const author = await t.createUser({ role: 'author' });
    const subscriber = await t.createUser();
    Object.assign(users, { admin, author, subscriber });
    // Things the ids in paths and bodies can point at: other users, deposits, withdrawals, investments.
    const victims = [await t.createUser(), await t.createUser({ isVerified: false, kycStatus: 'Not Submitted' }), await t.createUser({ role: 'author' })];
    ids.push(...victims.map((victim) => victim.user.id));
    ids.push(await fund(t, subscriber, admin, 5_000), await fund(t, victims[0]!, admin, 1_000));
    const pendingDeposit = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: victims[0]!.headers, payload: { amount: 75 } });
    ids.push(pendingDeposit.json().transaction.transactionId as string);
    const withdrawal = await t.app.inject({ method: 'POST', url: '/api/withDraw/create', headers: victims[0]!.headers, payload: { amount: 20, walletAddress: BTC } });
    ids.push(withdrawal.json().withdrawal._id as string);
    const plans = (await t.app.inject({ url: '/api/invest/plans' })).json() as Array<{ _id: string }> | { plans: Array<{ _id: string }> };
    const planList = Array.isArray(plans) ? plans : plans.plans;
    ids.push(...planList.map((plan) => plan._id));
    if (planList[0]) {
      const invested = await t.app.inject({ method: 'POST', url: '/api/invest/start-invest', headers: victims[0]!.headers, payload: { planId: planList[0]._id, amount: 100 } });
      const body = invested.json() as { investment?: { _id?: string }; _id?: string };
      const investmentId = body.investment?._id ?? body._id;
      if (investmentId) ids.push(investmentId);
    }
    ids.push('1', '0', '-1', '999999999999');

    const tables = rows<{ table_name: string }>(
      await t.database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
    ).map((row) => row.table_name);
    // Cheap per-table signature: row count and newest row version (xmin; any committed insert
    // or update raises it, a delete lowers the count). Tables with columns that may change on a
    // refused request (attempt counters, read timestamps) hash their other columns instead.
    const parts = tables.map((table) => {
      const volatile = VOLATILE_COLUMNS[table];
      if (!volatile) return `select '${table}' as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as h from "${table}"`;
      const row = `(to_jsonb(x)${volatile.map((column) => ` - '${column}'`).join('')})::text`;
      return `select '${table}' as t, count(*)::text || ':' || coalesce(sum(hashtext(${row})::bigint), 0)::text as h from "${table}" x`;
    });
    fingerprintQuery = sql.raw(parts.join(' union all '));
  });

  afterAll(async () => {
    await t?.close();
  });

  it(`answers ${REQUESTS} hostile requests with no 5xx, no stack trace, and refusals change nothing`, { timeout: TIME_BUDGET_MS + 120_000 }, async () => {
    console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${REQUESTS} requests`);
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as Parameters<typeof operationsOf>[0];
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(50);
    const perOperation = Math.ceil(REQUESTS / operations.length);
    const samples = operations.map((operation, index) =>
      fc.sample(requestArbitrary(operation, { ids }, true), { seed: SEED + index, numRuns: perOperation }),
    );

    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    const started = Date.now();
    let sent = 0;
    let fingerprintMs = 0;
    let before = await fingerprint();
    const ledgerBefore = await verifyLedger(t.database.db);
    expect(ledgerBefore.ok).toBe(true);

    outer: for (let round = 0; round < perOperation; round += 1) {
      for (let o = 0; o < operations.length; o += 1) {
        if (sent >= REQUESTS) break outer;
        if (Date.now() - started > TIME_BUDGET_MS) break outer;
        const spec = samples[o]![round]!;
        const role = ROLES[(round + o) % ROLES.length]!;
        const user = role === 'anonymous' ? undefined : users[role];
        const request: FuzzRequest = { role, method: spec.method, url: spec.url, headers: { ...spec.headers }, payload: spec.payload, remoteAddress: spec.remoteAddress };
        if (user) {
          if (spec.cookieAuth) request.headers.cookie = `sid=${user.token}`;
          else request.headers.authorization = `Bearer ${user.token}`;
        }
        const describeRequest = () => `${role} ${request.method} ${request.url.slice(0, 300)} headers=${JSON.stringify(request.headers).slice(0, 300)} body=${(request.payload ?? '').slice(0, 300)}`;
        let response;
        try {
          response = await Promise.race([
            t.app.inject({
              method: request.method as 'GET',
              url: request.url,
              headers: request.headers,
              payload: request.payload,
              remoteAddress: request.remoteAddress,
            }),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 15 s')), 15_000).unref()),
          ]);
        } catch (error) {
          const message = (error as Error).message;
          // light-my-request refuses some URLs/headers itself (nothing reached the app).
          if (/Invalid character|invalid header|ERR_INVALID_CHAR|ERR_HTTP_INVALID_HEADER_VALUE|Invalid URL/i.test(message) || (error as { code?: string }).code === 'ERR_INVALID_CHAR') continue;
          failures.push({ index: sent, why: `inject failed: ${message}`, request: describeRequest() });
          continue;
        }
        sent += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const body = response.body;
        if (response.statusCode >= 500) failures.push({ index: sent, why: '5xx', request: describeRequest(), status: response.statusCode, body: body.slice(0, 500) });
        if (STACK_TRACE.test(body)) failures.push({ index: sent, why: 'stack trace in body', request: describeRequest(), status: response.statusCode, body: body.slice(0, 500) });
        const fpStart = performance.now();
        let after = await fingerprint();
        fingerprintMs += performance.now() - fpStart;
        if (response.statusCode >= 400) {
          const changed = [...after].filter(([table, hash]) => before.get(table) !== hash).map(([table]) => table);
          if (changed.length > 0) failures.push({ index: sent, why: `refused request changed ${changed.join(', ')}`, request: describeRequest(), status: response.statusCode, body: body.slice(0, 300) });
        } else if (user && /logout|sessions|changePassword|2fa|upgradeUser|exit-impersonation/.test(request.url)) {
          // A successful sign-out (or the like) ends this role's session: start a new one.
          if (!(await findSession(t.database.db, user.token))) {
            const fresh = await t.createUser({ role: role as 'subscriber' });
            users[role] = fresh;
            // The new account and session are the harness's, not the next request's.
            after = await fingerprint();
          }
        }
        before = after;
        if (response.statusCode < 400 && request.method !== 'GET') {
          // Some answers queue work after replying (forgot password): let it land before the next request.
          for (let settle = 0; settle < 20; settle += 1) {
            await new Promise((resolve) => setTimeout(resolve, 15));
            const again = await fingerprint();
            const same = [...again].every(([table, hash]) => before.get(table) === hash);
            before = again;
            if (same) break;
          }
        }
        if (failures.length >= 25) break outer;
      }
    }

    const elapsed = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`fuzz: ${sent} requests in ${elapsed} s, fingerprints ${(fingerprintMs / 1000).toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    const ledgerAfter = await verifyLedger(t.database.db);
    expect(ledgerAfter.problems).toEqual([]);
    expect(failures, `seed ${SEED}: replay with FUZZ_SEED=${SEED}\n${JSON.stringify(failures, null, 2)}`).toEqual([]);
    if (sent < REQUESTS) {
      // A saturated machine: the run is bounded in time (FUZZ_TIME_BUDGET_MS); it still has to be a real run.
      console.warn(`fuzz: time budget of ${TIME_BUDGET_MS / 1000} s reached after ${sent} of ${REQUESTS} requests`);
      expect(sent).toBeGreaterThanOrEqual(Math.min(REQUESTS, 2_000));
    }
  });
});
