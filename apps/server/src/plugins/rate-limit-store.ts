import type { Redis } from 'ioredis';
import type { App } from './types';

/**
 * The store for @fastify/rate-limit: with REDIS_URL, a Redis connection shared by every
 * instance (closed with the app); without, undefined (per-process memory). ioredis is
 * loaded only when configured.
 */
export async function rateLimitRedis(app: App): Promise<Redis | undefined> {
  const url = app.deps.config.redisUrl;
  if (!url) return undefined;
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis error'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redis;
}
