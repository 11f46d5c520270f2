import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
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
  /** Trust X-Forwarded-* from a proxy in front of us. */
  trustProxy: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');
export const DEFAULT_WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

export class ConfigError extends Error {}

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
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString('hex');
  writeFileSync(file, generated, { mode: 0o600, flag: 'wx' });
  return generated;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got ${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
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
    webDistDir: env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST,
    runJobs: env.RUN_JOBS !== 'false',
    trustProxy: env.TRUST_PROXY === 'true',
  };
}
