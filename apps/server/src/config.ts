import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { accessSync, constants, mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isExplorerTemplate, parseEvmTokens, type EvmToken } from '@app/shared';
import { parseWatchKey, WatchKeyError } from './chain/keys';
import { DEFAULT_QUERY_TIMEOUT_MS } from './db/client';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_QUERY_TIMEOUT_MS: a PostgreSQL query with no answer by then fails (503) and its connection is dropped. */
  databaseQueryTimeoutMs: number;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  secretKey: string;
  googleClientId: string | undefined;
  /** Where Google's signing keys are fetched (tests point it at local keys); default Google's JWKS. */
  googleJwksUrl?: string;
  redisUrl: string | undefined;
  /** Multiplies the sign-in rate limits (AUTH_RATE_LIMIT_SCALE; benchmarks and tests raise it). Default 1. */
  authRateLimitScale?: number;
  production: boolean;
  logLevel: string;
  /** Built web app to serve; undefined serves the API only. */
  webDistDir: string | undefined;
  /** Run scheduled jobs (maturity, outbox) in this process. */
  runJobs: boolean;
  /** MIGRATE_ON_START: apply pending migrations before serving (default); false leaves them to `npm run migrate`. */
  migrateOnStart: boolean;
  /** BACKUP_BEFORE_MIGRATE: a directory where a backup is written before migrations are applied to a database holding data. */
  backupBeforeMigrate: string | undefined;
  /** TRUST_PROXY: whose X-Forwarded-* to believe (`TrustProxy`). */
  trustProxy: TrustProxy;
  /** DOCUMENT_STORE: where KYC documents live (encrypted): 'database' (default on PostgreSQL) or 'filesystem' under DATA_DIR (default embedded). */
  documentStore: 'database' | 'filesystem';
  /** METRICS_TOKEN: serve GET /metrics (Prometheus) to this bearer token; unset, there is no /metrics. */
  metricsToken: string | undefined;
  /** The shortest term a plan may have (PLAN_MIN_TERM_SECONDS, default one hour; demos and the e2e suite set less). */
  planMinTermSeconds: number;
  chain: ChainConfig;
  /** Settings read otherwise than an operator might expect, one line each: server.ts logs them at start. */
  warnings: string[];
}

/**
 * The proxies in front of us, whose X-Forwarded-For entries are believed: none (false), the
 * nearest N hops (every peer is taken for a proxy: only where nothing reaches the app around
 * them), or the addresses and CIDR ranges of the proxies (and the names loopback, linklocal,
 * uniquelocal), as Fastify's trustProxy takes them.
 */
export type TrustProxy = false | number | string[];

/** On-chain deposits (docs/decisions/0015-chain-deposits.md). Every field optional: without them deposits are reported by hand. */
export interface ChainConfig {
  /** EVM JSON-RPC endpoint (EVM_RPC_URL): turns on detection of deposits and payout checks. May hold an API key: never logged. */
  evmRpcUrl: string | undefined;
  /** EVM_TOKENS: the tokens a fresh install starts with (admins edit them in the back office). */
  evmTokens: EvmToken[] | undefined;
  /** EVM_CONFIRMATIONS: blocks on top of a deposit's before it is credited (default 12). */
  evmConfirmations: number;
  /** EVM_START_BLOCK: where the first scan starts (default: the chain's tip when it first runs). */
  evmStartBlock: number | undefined;
  /** EVM_SCAN_RANGE: blocks per eth_getLogs call (default 500; some providers allow fewer). */
  evmScanRange: number;
  /** EVM_POLL_SECONDS: how often the chain is read (default 15). */
  evmPollMs: number;
  /** EVM_EXPLORER_URL: transaction link template with {hash}, e.g. https://etherscan.io/tx/{hash}. */
  evmExplorerUrl: string | undefined;
  /** DEPOSIT_XPUB_EVM / DEPOSIT_XPUB_BTC: watch-only keys a fresh install starts with. */
  depositXpubEvm: string | undefined;
  depositXpubBtc: string | undefined;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');
export const DEFAULT_WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

export class ConfigError extends Error {}

const SECRET_KEY_FILE = 'secret.key';

function readSecretKey(env: NodeJS.ProcessEnv, dataDir: string, embedded: boolean, production: boolean): string {
  const fromEnv = env.SECRET_KEY?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32) throw new ConfigError('SECRET_KEY must be at least 32 characters long.');
    return fromEnv;
  }
  if (!embedded && production) {
    throw new ConfigError(
      'SECRET_KEY is required when running on PostgreSQL in production (NODE_ENV=production with DATABASE_URL). ' +
        'Set it to a random string of at least 32 characters, the same on every instance.',
    );
  }
  const file = path.join(dataDir, SECRET_KEY_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('hex');
  writeFileSync(file, generated, { mode: 0o600, flag: 'wx' });
  return generated;
}

function yesOrNo(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const text = env[name]?.trim().toLowerCase();
  if (!text) return fallback;
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}".`);
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${text}".`);
  return value;
}

function watchKey(env: NodeJS.ProcessEnv, name: 'DEPOSIT_XPUB_EVM' | 'DEPOSIT_XPUB_BTC'): string | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  try {
    return parseWatchKey(name === 'DEPOSIT_XPUB_EVM' ? 'evm' : 'btc', text).text;
  } catch (error) {
    // The message never repeats the value: it may be a private key pasted by mistake.
    if (error instanceof WatchKeyError) throw new ConfigError(`${name}: ${error.message}`);
    throw error;
  }
}

export function loadChainConfig(environment: NodeJS.ProcessEnv): ChainConfig {
  const env = withoutEmptyVariables(environment);
  const evmRpcUrl = env.EVM_RPC_URL?.trim() || undefined;
  if (evmRpcUrl) {
    let protocol = '';
    try {
      protocol = new URL(evmRpcUrl).protocol;
    } catch {
      // reported below
    }
    // The URL is not repeated: providers put API keys in it.
    if (protocol !== 'http:' && protocol !== 'https:') throw new ConfigError('EVM_RPC_URL must be an http:// or https:// JSON-RPC endpoint URL.');
  }
  let evmTokens: EvmToken[] | undefined;
  if (env.EVM_TOKENS?.trim()) {
    const parsed = parseEvmTokens(env.EVM_TOKENS);
    if (!parsed.ok) throw new ConfigError(`EVM_TOKENS: ${parsed.message}.`);
    evmTokens = parsed.tokens;
  }
  const evmStartText = env.EVM_START_BLOCK?.trim();
  const evmExplorerUrl = env.EVM_EXPLORER_URL?.trim() || undefined;
  if (evmExplorerUrl && !isExplorerTemplate(evmExplorerUrl)) {
    throw new ConfigError('EVM_EXPLORER_URL must be an https:// URL containing {hash}, e.g. https://etherscan.io/tx/{hash}.');
  }
  return {
    evmRpcUrl,
    evmTokens,
    evmConfirmations: wholeNumber(env, 'EVM_CONFIRMATIONS', 12, 1, 10_000),
    evmStartBlock: evmStartText ? wholeNumber(env, 'EVM_START_BLOCK', 0, 0, Number.MAX_SAFE_INTEGER) : undefined,
    evmScanRange: wholeNumber(env, 'EVM_SCAN_RANGE', 500, 1, 100_000),
    evmPollMs: wholeNumber(env, 'EVM_POLL_SECONDS', 15, 1, 3600) * 1000,
    evmExplorerUrl,
    depositXpubEvm: watchKey(env, 'DEPOSIT_XPUB_EVM'),
    depositXpubBtc: watchKey(env, 'DEPOSIT_XPUB_BTC'),
  };
}

/** DATABASE_URL, when set, must be a PostgreSQL URL (another scheme was silently tried as PostgreSQL). */
function databaseUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const text = env.DATABASE_URL?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // The value is not repeated: it holds a password.
    throw new ConfigError('DATABASE_URL is not a valid URL: expected postgres://user:password@host:5432/database (or unset it for the embedded database).');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, not ${url.protocol}//: only PostgreSQL is supported (unset it for the embedded database).`);
  }
  if (!url.hostname && !url.searchParams.get('host')) throw new ConfigError('DATABASE_URL names no host: expected postgres://user:password@host:5432/database.');
  return text;
}

/** DATA_DIR must be a directory this process can write, or one it can create. */
function checkDataDir(dataDir: string): void {
  let existing = dataDir;
  while (!existsSync(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  if (existing === dataDir && !statSync(dataDir).isDirectory()) {
    throw new ConfigError(`DATA_DIR ${dataDir} is not a directory: point DATA_DIR at a directory (it is created when missing).`);
  }
  if (existing !== dataDir && !statSync(existing).isDirectory()) {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be created: ${existing} is not a directory.`);
  }
  try {
    accessSync(existing, constants.W_OK);
  } catch {
    throw new ConfigError(
      existing === dataDir
        ? `DATA_DIR ${dataDir} is not writable by this user: fix its permissions or point DATA_DIR elsewhere.`
        : `DATA_DIR ${dataDir} cannot be created: ${existing} is not writable by this user.`,
    );
  }
}

function documentStoreFrom(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): Config['documentStore'] {
  const value = env.DOCUMENT_STORE?.trim().toLowerCase();
  if (!value) return databaseUrl ? 'database' : 'filesystem';
  if (value !== 'database' && value !== 'filesystem') throw new ConfigError(`DOCUMENT_STORE must be database or filesystem, got "${env.DOCUMENT_STORE}".`);
  return value;
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;

/** Why a TRUST_PROXY entry is not an address, a CIDR range or a range name; null when it is one. */
function proxyEntryProblem(entry: string): string | null {
  if (PROXY_RANGE_NAMES.has(entry)) return null;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return `"${entry}" is not an IP address or CIDR range`;
  if (prefix === undefined) return null;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return `"${entry}" has a prefix length outside 0-${bits}`;
  return null;
}

function trustProxyFrom(env: NodeJS.ProcessEnv, warnings: string[]): TrustProxy {
  const text = env.TRUST_PROXY?.trim();
  if (!text || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') {
    warnings.push('TRUST_PROXY=true is read as 1 (one proxy hop): set the hop count, or better the proxy addresses or CIDR ranges, to say so.');
    return 1;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_PROXY_HOPS) throw new ConfigError(`TRUST_PROXY must be a hop count from 0 to ${MAX_PROXY_HOPS}, or proxy addresses or CIDR ranges, got "${text}".`);
    return hops === 0 ? false : hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = entry ? proxyEntryProblem(entry) : 'it has an empty entry';
    if (problem) {
      throw new ConfigError(`TRUST_PROXY must be false, a hop count (1) or a comma-separated list of proxy addresses or CIDR ranges (10.0.0.0/8): ${problem}.`);
    }
  }
  return entries;
}

function metricsToken(env: NodeJS.ProcessEnv): string | undefined {
  const token = env.METRICS_TOKEN?.trim();
  if (token && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters: it is the only thing between /metrics and the world.');
  return token || undefined;
}

/** The environment less its empty (or blank) variables: an empty setting counts as unset, for every setting. */
function withoutEmptyVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
}

/** WEB_DIST_DIR=none serves the API only (npm run dev, where Vite serves the pages). */
const NO_WEB_DIST = 'none';

const dataDirOf = (env: NodeJS.ProcessEnv) => path.resolve(env.DATA_DIR ?? './data');

/** True when loading the configuration would make up a SECRET_KEY (embedded, none set, none kept in DATA_DIR yet). */
export function wouldGenerateSecretKey(environment: NodeJS.ProcessEnv = process.env): boolean {
  const env = withoutEmptyVariables(environment);
  return !env.SECRET_KEY?.trim() && !env.DATABASE_URL && !existsSync(path.join(dataDirOf(env), SECRET_KEY_FILE));
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const env = withoutEmptyVariables(environment);
  const warnings: string[] = [];
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got ${env.PORT}`);
  const dataDir = dataDirOf(env);
  const databaseUrl = databaseUrlFrom(env);
  checkDataDir(dataDir);
  const production = env.NODE_ENV === 'production';
  const adminEmail = env.ADMIN_EMAIL?.trim() || undefined;
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (Boolean(adminEmail) !== Boolean(adminPassword)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together.');
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    databaseQueryTimeoutMs: wholeNumber(env, 'DATABASE_QUERY_TIMEOUT_MS', DEFAULT_QUERY_TIMEOUT_MS, 100, 600_000),
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM ?? 'Vaultline <no-reply@vaultline.local>',
    adminEmail,
    adminPassword,
    secretKey: readSecretKey(env, dataDir, !databaseUrl, production),
    googleClientId: env.GOOGLE_CLIENT_ID?.trim() || undefined,
    googleJwksUrl: env.GOOGLE_JWKS_URL?.trim() || undefined,
    redisUrl: env.REDIS_URL?.trim() || undefined,
    authRateLimitScale: env.AUTH_RATE_LIMIT_SCALE ? Math.max(1, Number(env.AUTH_RATE_LIMIT_SCALE) || 1) : undefined,
    production,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'info'),
    webDistDir: env.WEB_DIST_DIR === NO_WEB_DIST ? undefined : (env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST),
    runJobs: env.RUN_JOBS !== 'false',
    migrateOnStart: yesOrNo(env, 'MIGRATE_ON_START', true),
    backupBeforeMigrate: env.BACKUP_BEFORE_MIGRATE?.trim() ? path.resolve(env.BACKUP_BEFORE_MIGRATE.trim()) : undefined,
    trustProxy: trustProxyFrom(env, warnings),
    planMinTermSeconds: wholeNumber(env, 'PLAN_MIN_TERM_SECONDS', 3600, 1, 86_400),
    metricsToken: metricsToken(env),
    documentStore: documentStoreFrom(env, databaseUrl),
    chain: loadChainConfig(env),
    warnings,
  };
}
