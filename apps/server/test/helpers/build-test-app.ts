import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { KycStatus, Language, Role } from '@app/shared';
import { buildApp } from '../../src/app';
import { loadChainConfig, type Config } from '../../src/config';
import { openPostgres, wrapPglite, type Database } from '../../src/db/client';
import type { App } from '../../src/plugins/types';
import type { ServerTimeouts } from '../../src/plugins/request-deadlines';
import { insertUser, type NewAccount } from '../../src/services/auth/accounts';
import { createSession } from '../../src/services/auth/sessions';
import type { UserRow } from '../../src/db/schema';

export const TEST_PASSWORD = 'Passw0rd!';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(os.tmpdir(), `vaultline-test-${randomBytes(4).toString('hex')}`),
    databaseUrl: undefined,
    databaseQueryTimeoutMs: 10_000,
    appUrl: 'http://localhost:3000',
    smtpUrl: undefined,
    mailFrom: 'Vaultline <no-reply@vaultline.test>',
    adminEmail: undefined,
    adminPassword: undefined,
    secretKey: 'test-secret-key-test-secret-key-0123456789',
    googleClientId: undefined,
    redisUrl: undefined,
    production: false,
    logLevel: 'silent',
    webDistDir: undefined,
    runJobs: false,
    migrateOnStart: true,
    backupBeforeMigrate: undefined,
    trustProxy: false,
    // The suites move the clock through terms of seconds and minutes.
    planMinTermSeconds: 1,
    metricsToken: undefined,
    documentStore: 'filesystem',
    chain: loadChainConfig({}),
    warnings: [],
    ...overrides,
  };
}

function adminUrl(url: string, database = 'postgres'): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** PostgreSQL is available (TEST_DATABASE_URL set): tests that need real concurrency can run. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * With TEST_DATABASE_URL every server file runs twice: in the `server` project (embedded
 * default) and in `server-pg` (PostgreSQL default). A test that does not use the default
 * database needs only one of them.
 */
const inPostgresProject = process.env.VAULTLINE_TEST_DB === 'postgres';
/**
 * Options for a suite or test that needs PostgreSQL (real concurrency, several instances): it
 * runs once, in server-pg; skipped without TEST_DATABASE_URL, and tagged, so `npm test` fails
 * when it is set and the test ran in neither project (scripts/test.mjs).
 */
export const needsPostgres = { skip: !onPostgres || !inPostgresProject, tags: ['postgres'] };
/** The same for a test that also needs Redis (REDIS_URL). */
export const needsRedis = { skip: !onPostgres || !inPostgresProject || !process.env.REDIS_URL, tags: ['postgres', 'redis'] };
/** A test of its own embedded database, or of none (settings, processes, files): once, in the `server` project. */
export const embeddedOnly = { skip: inPostgresProject };
/** This suite's default database is PostgreSQL (the server-pg project) rather than PGlite. */
const defaultPostgres = onPostgres && inPostgresProject;

/**
 * A fresh database for one test file: PGlite copied from the migrated template, or, with
 * TEST_DATABASE_URL, a new PostgreSQL database cloned from the migrated template database.
 */
export async function openTestDatabase(options: { postgres?: boolean; poolSize?: number } = {}): Promise<
  Database & { url?: string }
> {
  const url = process.env.TEST_DATABASE_URL;
  const usePostgres = options.postgres ?? defaultPostgres;
  if (usePostgres) {
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const template = inject('pgTemplate');
    const name = `vaultline_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (error) {
        // Two files cloning the template at the same instant collide; try again shortly.
        if (attempt > 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
    const dbUrl = adminUrl(url, name);
    const database = openPostgres(dbUrl, options.poolSize ?? 10);
    return {
      ...database,
      url: dbUrl,
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return wrapPglite(client);
}

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(date: Date): void;
  /** Back to the real time. */
  reset(): void;
}

export function testClock(start = Date.now()): TestClock {
  let offset = 0;
  let fixed: number | null = null;
  void start;
  return {
    now: () => new Date((fixed ?? Date.now()) + offset),
    advance(ms) {
      offset += ms;
    },
    set(date) {
      fixed = date.getTime();
      offset = 0;
    },
    reset() {
      fixed = null;
      offset = 0;
    },
  };
}

export interface TestUser {
  user: UserRow;
  token: string;
  headers: { authorization: string };
}

export interface TestApp {
  app: App;
  database: Database;
  clock: TestClock;
  createUser(options?: {
    role?: Role;
    isVerified?: boolean;
    kycStatus?: KycStatus;
    email?: string;
    name?: string;
    password?: string;
    referredById?: string;
    language?: Language;
  }): Promise<TestUser>;
  close(): Promise<void>;
}

let userCounter = 0;

/** A user straight in the database: verified, KYC approved and with the test password unless told otherwise. */
export function insertTestUser(db: Database['db'], account: NewAccount): Promise<UserRow> {
  const defaults = { password: TEST_PASSWORD, phone: '+14155550100', country: 'US', role: 'subscriber', isVerified: true, kycStatus: 'Approved', referredById: null } as const;
  return insertUser(db, { ...defaults, ...account });
}

export async function buildTestApp(
  options: { config?: Partial<Config>; postgres?: boolean; database?: Database; timeouts?: Partial<ServerTimeouts> } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase({ postgres: options.postgres }));
  const clock = testClock();
  const app = await buildApp({ config: testConfig(options.config), database, now: clock.now, logger: false, timeouts: options.timeouts });
  await app.ready();
  return {
    app,
    database,
    clock,
    async createUser(userOptions = {}) {
      userCounter += 1;
      const email = userOptions.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
      const user = await insertTestUser(database.db, {
        name: userOptions.name ?? `Test User ${userCounter}`,
        email,
        password: userOptions.password ?? TEST_PASSWORD,
        role: userOptions.role ?? 'subscriber',
        isVerified: userOptions.isVerified ?? true,
        kycStatus: userOptions.kycStatus ?? 'Approved',
        referredById: userOptions.referredById ?? null,
        ...(userOptions.language ? { language: userOptions.language } : {}),
      });
      const { token } = await createSession(database.db, user.id, { deviceId: 'test-device' });
      return { user, token, headers: { authorization: `Bearer ${token}` } };
    },
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** A value built in the file's beforeAll, read through a proxy by the tests and later hooks. */
function builtLater<T extends object>(what: string, build: () => Promise<T>, close?: (value: T) => Promise<void>): T {
  let built: T | undefined;
  beforeAll(async () => {
    built = await build();
  });
  if (close) afterAll(async () => {
    if (built) await close(built);
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!built) throw new Error(`${what} is built in beforeAll: use it inside tests and hooks`);
      return Reflect.get(built, key);
    },
  });
}

/** The file's app: built before its tests (`buildTestApp(options)`), closed after them. */
export function useTestApp(options?: Parameters<typeof buildTestApp>[0]): TestApp {
  return builtLater('The test app', () => buildTestApp(options), (app) => app.close());
}

/** A user of the file's app, created once before its tests (after the app). */
export function useUser(t: TestApp, options?: Parameters<TestApp['createUser']>[0]): TestUser {
  return builtLater('The test user', () => t.createUser(options));
}
