/**
 * The authorization matrix: every route of the app x every kind of caller, with the expected
 * outcome. The routes are collected from the app itself (an onRoute hook around
 * registerRoutes), so a route added anywhere without a row in ACCESS fails this test.
 *
 * To add a route: add one line to ACCESS with its access level. The levels and what each
 * caller gets are in OUTCOMES below; a row may override single callers.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteOptions } from 'fastify';
import type { UserRow } from '../../../src/db/schema';
import { createSession } from '../../../src/services/auth/sessions';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

interface CollectedRoute {
  method: string;
  url: string;
  allowWhileImpersonating: boolean;
}

const collected = vi.hoisted(() => [] as CollectedRoute[]);

// The errors plugin is the first thing buildApp registers: hooking there sees every route,
// the API docs included.
vi.mock('../../../src/plugins/errors', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/plugins/errors')>();
  const { default: fp } = await import('fastify-plugin');
  return {
    ...actual,
    errorsPlugin: fp(async (app, options) => {
      app.addHook('onRoute', (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          collected.push({ method, url: route.url, allowWhileImpersonating: Boolean(route.config?.allowWhileImpersonating) });
        }
      });
      await (actual.errorsPlugin as unknown as (app: unknown, options: unknown) => Promise<void>)(app, options);
    }),
  };
});

const PERSONAS = ['anonymous', 'subscriber', 'author', 'admin', 'suspended', 'impersonating'] as const;
type Persona = (typeof PERSONAS)[number];

/** allow: anything but 401/403 (the call got past authorization); 401 and 403: refused with that status. */
type Outcome = 'allow' | 401 | 403;

type Level = 'public' | 'user' | 'staff' | 'admin';

/**
 * What each caller gets at each level. `impersonating` is an admin viewing a subscriber's
 * account: it reads as that subscriber, and every state-changing call is 403 (read-only)
 * unless the route is marked allowWhileImpersonating (exit). `suspended` holds a session
 * token of a suspended account, which no longer signs anyone in.
 */
const OUTCOMES: Record<Level, Record<Persona, Outcome>> = {
  public: { anonymous: 'allow', subscriber: 'allow', author: 'allow', admin: 'allow', suspended: 'allow', impersonating: 'allow' },
  user: { anonymous: 401, subscriber: 'allow', author: 'allow', admin: 'allow', suspended: 401, impersonating: 'allow' },
  staff: { anonymous: 401, subscriber: 403, author: 'allow', admin: 'allow', suspended: 401, impersonating: 403 },
  admin: { anonymous: 401, subscriber: 403, author: 403, admin: 'allow', suspended: 401, impersonating: 403 },
};

interface Row {
  level: Level;
  /** Per-caller exceptions to the level's outcomes. */
  override?: Partial<Record<Persona, Outcome>>;
  /** Query string to send (e.g. to make a stream answer once). */
  query?: string;
}

/** The table: "METHOD /url" -> access level. Keep it sorted by area. */
const ACCESS: Record<string, Level | Row> = {
  // Platform
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/stats': 'public',
  'GET /api/settings/public': 'public',
  'POST /api/contact': 'public',
  'GET /api/countries': 'public',

  // Accounts and sign-in
  'POST /api/users/register': 'public',
  'POST /api/users/login': 'public',
  'GET /api/users/loginStatus': 'public',
  'POST /api/users/loginWithCode/:email': 'public',
  'POST /api/users/sendLoginCode/:email': 'public',
  'POST /api/users/google/callback': 'public',
  'POST /api/users/forgotPassword': 'public',
  'PATCH /api/users/resetPassword/:resetToken': 'public',
  'PATCH /api/users/verifyUser/:token': 'public',
  'GET /api/users/auth-options': 'public',
  'GET /api/users/logout': 'public',
  'POST /api/users/logout-everywhere': 'user',
  'POST /api/users/sendAutomatedEmail': 'user',
  'GET /api/users/getUser': 'user',
  'PATCH /api/users/updateUser': 'user',
  'POST /api/users/uploadPhoto': 'user',
  // Profile photos are served to anyone who has the (random, unguessable) name, cacheable.
  'GET /api/users/photo/:name': 'public',
  'POST /api/users/sendVerificationEmail': 'user',
  'PATCH /api/users/changePassword': 'user',
  'GET /api/users/sessions': 'user',
  'DELETE /api/users/sessions/:id': 'user',
  'GET /api/users/2fa': 'user',
  'POST /api/users/2fa/setup': 'user',
  'POST /api/users/2fa/enable': 'user',
  'POST /api/users/2fa/disable': 'user',
  'POST /api/users/2fa/recovery-codes': 'user',
  // Passkeys: signing in with one is public; adding, listing, renaming, removing and confirming are the account's own.
  'POST /api/users/passkeys/login/options': 'public',
  'POST /api/users/passkeys/login/verify': 'public',
  'POST /api/users/passkeys/register/options': 'user',
  'POST /api/users/passkeys/register/verify': 'user',
  'GET /api/users/passkeys': 'user',
  'PATCH /api/users/passkeys/:id': 'user',
  'DELETE /api/users/passkeys/:id': 'user',
  'POST /api/users/passkeys/reauth/options': 'user',
  'POST /api/users/passkeys/reauth': 'user',
  'GET /api/users/referrals': 'user',

  // KYC
  'POST /api/users/uploadKycDocuments': 'user',
  'GET /api/users/kyc/status': 'user',
  'GET /api/users/kyc/pending': 'staff',
  'PATCH /api/users/kyc/:id/approve': 'staff',
  'PATCH /api/users/kyc/:id/reject': 'staff',
  'GET /api/users/kyc/:id/documents/:side': 'staff',

  // Back office: users, impersonation, email
  'GET /api/users/getUsers': 'staff',
  'POST /api/users/upgradeUser': 'staff',
  'DELETE /api/users/:id': 'staff',
  'POST /api/users/impersonate/:id': 'staff',
  // Anyone may call exit (it answers 400 when there is nothing to exit); it works while impersonating.
  'POST /api/users/exit-impersonation': 'public',
  'POST /api/users/sendComposedEmail': 'staff',
  'GET /api/admin/outbox': 'staff',
  'POST /api/admin/outbox/:id/retry': 'staff',
  'GET /api/admin/audit': 'staff',
  'GET /api/admin/settings': 'admin',
  'PUT /api/admin/settings': 'admin',
  'GET /api/admin/solvency': 'staff',
  'GET /api/admin/pending-counts': 'staff',
  'GET /api/admin/home': 'staff',
  'GET /api/admin/events': { level: 'staff', query: 'once=1' },

  // Balances and fees (staff)
  'PUT /api/users/updateDepositBalance/:id': 'staff',
  'PUT /api/users/editDepositBalance/:id': 'staff',
  'PUT /api/users/fees-toggle/:id': 'staff',
  'PUT /api/users/update-fees/:id': 'staff',
  'GET /api/money/dashboard': 'user',
  'GET /api/money/users/:id': 'staff',
  'GET /api/ledger/verify': 'staff',

  // Deposits
  'POST /api/payments/create': 'user',
  'GET /api/payments/deposit-addresses': 'user',
  'GET /api/payments/deposit-address': { level: 'user', query: 'asset=BTC' },
  'GET /api/payments/onchain-deposits': 'user',
  'GET /api/withDraw/assets': 'user',
  'GET /api/admin/approvals': 'staff',
  'POST /api/admin/approvals/:id/approve': 'staff',
  'POST /api/admin/approvals/:id/reject': 'staff',
  'GET /api/payments/pending-deposit': 'staff',
  'GET /api/payments/viewPaymentStatus/:transactionId': 'user',
  'PATCH /api/payments/confirmPayment': 'staff',
  'PATCH /api/payments/rejectPayment': 'staff',

  // Investments
  'GET /api/invest/plans': 'public',
  'POST /api/invest/plans': 'admin',
  'PATCH /api/invest/plans/:id': 'admin',
  'POST /api/invest/start-invest': 'user',
  'GET /api/invest/investment-history': 'user',
  'GET /api/invest/getTransactionHistory': 'user',
  'GET /api/invest/deposit-maturity': 'user',
  'GET /api/invest/adminPendingInvestment': 'staff',
  'GET /api/invest/:id': 'user',
  'POST /api/invest/:id/upgrade': 'user',
  'PUT /api/invest/:id/approve': 'staff',
  'PUT /api/invest/:id/reject': 'staff',

  // Withdrawals
  'GET /api/withDraw/fees': 'user',
  'POST /api/withDraw/create': 'user',
  'GET /api/withDraw/pending': 'staff',
  'GET /api/withDraw/get-withdrawal/:id': 'user',
  'PUT /api/withDraw/approve/:id': 'staff',
  'PUT /api/withDraw/reject/:id': 'staff',
  'GET /api/withDraw/wallets': 'user',
  'POST /api/withDraw/wallets': 'user',
  'DELETE /api/withDraw/wallets/:id': 'user',
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function expectedOutcome(route: CollectedRoute, row: Row, persona: Persona): Outcome {
  const override = row.override?.[persona];
  if (override !== undefined) return override;
  // Impersonation is read-only, whatever the route, except routes marked to work anyway.
  if (persona === 'impersonating' && UNSAFE.has(route.method) && !route.allowWhileImpersonating) return 403;
  return OUTCOMES[row.level][persona];
}

const PARAM_VALUES: Record<string, string> = {
  email: 'nobody@example.com',
  side: 'front',
  name: 'nothing.png',
};

function concreteUrl(url: string, query?: string): string {
  const path = url.replace(/:(\w+)/g, (_match, name: string) => PARAM_VALUES[name] ?? '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
  return query ? `${path}?${query}` : path;
}

let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

let t: TestApp;
const people = {} as Record<Exclude<Persona, 'anonymous' | 'impersonating'>, UserRow> & { viewed: UserRow };

beforeAll(async () => {
  t = await buildTestApp();
  for (const persona of ['subscriber', 'author', 'admin', 'suspended'] as const) {
    people[persona] = (await t.createUser({ role: persona })).user;
  }
  people.viewed = (await t.createUser({ role: 'subscriber' })).user;
});
afterAll(async () => {
  await t.close();
});

/** A fresh session per request, so a route that ends sessions (logout) cannot affect the next. */
async function headersFor(persona: Persona): Promise<Record<string, string>> {
  if (persona === 'anonymous') return {};
  const db = t.database.db;
  if (persona === 'impersonating') {
    const staff = await createSession(db, people.admin.id);
    const { token } = await createSession(db, people.viewed.id, { impersonatorId: people.admin.id, impersonatorSessionId: staff.id });
    return { authorization: `Bearer ${token}` };
  }
  const { token } = await createSession(db, people[persona].id);
  return { authorization: `Bearer ${token}` };
}

describe('authorization matrix', () => {
  it('collects the routes of the app', () => {
    expect(collected.length).toBeGreaterThan(10);
  });

  it('has a row for every route, and no row for a route that does not exist', () => {
    const keys = new Set(collected.map((route) => `${route.method} ${route.url}`));
    const missing = [...keys].filter((key) => !(key in ACCESS));
    expect(missing, `routes without a row in ACCESS (add them): ${missing.join(', ')}`).toEqual([]);
    const stale = Object.keys(ACCESS).filter((key) => !keys.has(key));
    // Rows may be written ahead of a route landing; they are listed, not failed.
    if (stale.length > 0) console.info(`ACCESS rows without a route (yet): ${stale.join(', ')}`);
  });

  it('gives every caller the expected outcome on every route', async () => {
    const failures: string[] = [];
    const table: string[] = [`${'route'.padEnd(52)} ${PERSONAS.map((p) => p.padEnd(13)).join(' ')}`];
    for (const route of collected) {
      const key = `${route.method} ${route.url}`;
      const entry = ACCESS[key];
      if (!entry) continue;
      const row: Row = typeof entry === 'string' ? { level: entry } : entry;
      const cells: string[] = [];
      for (const persona of PERSONAS) {
        const expected = expectedOutcome(route, row, persona);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url, row.query),
          headers: await headersFor(persona),
          // Each call from its own address, so per-IP rate limits never stand in for authorization.
          remoteAddress: nextAddress(),
          ...(UNSAFE.has(route.method) ? { payload: {} } : {}),
        });
        const status = response.statusCode;
        const actual: Outcome = status === 401 || status === 403 ? status : 'allow';
        cells.push(`${expected === 'allow' ? 'ok' : expected}:${status}`.padEnd(13));
        if (actual !== expected) failures.push(`${key} as ${persona}: expected ${expected}, got ${status} ${response.body.slice(0, 120)}`);
        if (status >= 500) failures.push(`${key} as ${persona}: server error ${status} ${response.body.slice(0, 120)}`);
      }
      table.push(`${key.padEnd(52)} ${cells.join(' ')}`);
    }
    if (process.env.PRINT_MATRIX) console.info(table.join('\n'));
    expect(failures).toEqual([]);
  }, 120_000);
});
