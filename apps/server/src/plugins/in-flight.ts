import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves once every request has ended, or after `timeoutMs`. Fastify's close() waits
     * for open connections only: a request whose client went away is still being handled
     * (its hooks and handler carry on), and shutdown must not close the database under it.
     */
    requestsEnded(timeoutMs: number): Promise<void>;
  }
}

export const inFlightPlugin = fp(async (app) => {
  const running = new Set<FastifyRequest>();
  // Requests whose connection closed before their response was sent: they end at onSend.
  const abandoned = new WeakSet<FastifyRequest>();
  let idle: Array<() => void> = [];

  const end = (request: FastifyRequest) => {
    if (!running.delete(request) || running.size > 0) return;
    for (const resolve of idle) resolve();
    idle = [];
  };

  // Callback-style hooks: neither waits, and an async hook costs a promise and a microtask turn.
  app.addHook('onRequest', (request, reply, done) => {
    running.add(request);
    // Closes (once) when the response has gone out (or, hijacked, its stream ended), or when the client left.
    reply.raw.on('close', () => (reply.sent ? end(request) : abandoned.add(request)));
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (abandoned.has(request)) end(request);
    done(null, payload);
  });

  app.decorate('requestsEnded', (timeoutMs: number) => {
    if (running.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
});
