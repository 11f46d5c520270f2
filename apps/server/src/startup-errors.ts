/**
 * What went wrong at start-up, in one line an operator can act on (never a stack trace, never
 * a password): the database or Redis that DATABASE_URL / REDIS_URL point at cannot be used.
 */
import { ConfigError } from './config';

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  let current: unknown = error;
  let text = '';
  for (let depth = 0; current && depth < 4; depth += 1) {
    text += ` ${(current as Error).message ?? ''}`;
    current = (current as { cause?: unknown }).cause;
  }
  return text;
}

/** DATABASE_URL's host, port, user and database, for messages (never its password). */
function describe(databaseUrl: string) {
  const url = new URL(databaseUrl);
  return {
    where: `${url.hostname || url.searchParams.get('host') || 'localhost'}:${url.port || '5432'}`,
    user: decodeURIComponent(url.username) || 'the default user',
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'the default database',
  };
}

/** A PostgreSQL connection failure as one actionable line, or null when it is not one. */
export function databaseStartupError(error: unknown, databaseUrl: string): ConfigError | null {
  const { where, user, database } = describe(databaseUrl);
  const code = codeOf(error);
  switch (code) {
    case 'ECONNREFUSED':
      return new ConfigError(`DATABASE_URL: nothing is listening on ${where} (connection refused). Start PostgreSQL there, or fix the host and port.`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ConfigError(`DATABASE_URL: the host of ${where} cannot be found. Check the host name.`);
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new ConfigError(`DATABASE_URL: ${where} cannot be reached (${code}). Check the host, the port and any firewall between.`);
    case '28P01':
    case '28000':
      return new ConfigError(`DATABASE_URL: PostgreSQL at ${where} refused user "${user}" (authentication failed). Check the user name and password.`);
    case '3D000':
      return new ConfigError(`DATABASE_URL: the database "${database}" does not exist on ${where}. Create it (createdb ${database}) or name an existing one.`);
    default:
      if (/timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(messageOf(error))) {
        return new ConfigError(`DATABASE_URL: ${where} did not answer within 5 s. Check the host, the port and any firewall between.`);
      }
      return null;
  }
}

/** Answers when Redis at REDIS_URL answers a PING; a ConfigError otherwise. */
export async function checkRedis(redisUrl: string): Promise<void> {
  const { Redis } = await import('ioredis');
  let target = 'REDIS_URL';
  try {
    const url = new URL(redisUrl);
    target = `${url.hostname}:${url.port || '6379'}`;
  } catch {
    throw new ConfigError('REDIS_URL is not a valid URL: expected redis://host:6379 (or unset it to keep rate limits in this process).');
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The socket's own error (ECONNREFUSED...) arrives as an event; connect() rejects with "Connection is closed".
  let socketError: unknown;
  redis.on('error', (error) => {
    socketError ??= error;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    const code = codeOf(socketError) ?? codeOf(error);
    throw new ConfigError(
      `REDIS_URL: Redis at ${target} cannot be used (${code ?? ((error as Error).message.split('\n')[0] || 'no answer')}). Start it, fix the URL, or unset REDIS_URL to keep rate limits in this process.`,
    );
  } finally {
    redis.disconnect();
  }
}
