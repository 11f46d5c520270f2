import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How long a client may take at each step, so that slow or idle clients cannot hold
 * connections open (issue 39.7). A slow body on an upload route has longer than elsewhere:
 * routes that take files say `config: { bodyDeadline: 'upload' }`.
 */
export interface ServerTimeouts {
  /** From the connection (or the request's first byte) until its headers have all arrived. */
  headersMs: number;
  /** From the headers until the whole body has arrived. */
  bodyMs: number;
  /** The same on upload routes: 10 MB at a slow mobile rate. */
  uploadBodyMs: number;
  /** An idle keep-alive connection closes after this (and the second Node adds, so that clients never reuse one as it closes). */
  keepAliveMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, bodyMs: 60_000, uploadBodyMs: 120_000, keepAliveMs: 5_000 };

/** After an early answer (a refused upload) the rest of the body is read and dropped, up to this. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

export const BODY_TOO_SLOW = 'The request took too long to arrive. Please try again.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'upload': the body may take SERVER_TIMEOUTS.uploadBodyMs rather than bodyMs. */
    bodyDeadline?: 'upload';
  }
}

/** A client error Node reports on the socket (timeouts, bad HTTP) answered as `{ message }`, like every refusal. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', BODY_TOO_SLOW]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Request headers are too large']
        : [400, 'Bad Request', 'Bad request'];
  // As Node does: no answer written into one already under way (a drained refusal's client timing out).
  const answering = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify({ message });
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  socket.destroy();
}

/**
 * Fastify's server options for these timeouts. Node checks headers and whole requests every
 * `connectionsCheckingInterval`; its request timeout is only the backstop (the upload deadline
 * plus the headers' time), the per-route body deadline being the plugin's.
 */
export function serverTimeoutOptions(timeouts: ServerTimeouts): {
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
  clientErrorHandler: typeof answerClientError;
} {
  const requestTimeout = timeouts.headersMs + timeouts.uploadBodyMs;
  return {
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout,
      connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(timeouts.headersMs / 10))),
    },
    clientErrorHandler: answerClientError,
  };
}

/** Reads and drops what is left of a body the answer did not need, so the client sees the answer rather than a reset. */
function drain(incoming: IncomingMessage): void {
  incoming.unpipe();
  let drained = 0;
  incoming.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) incoming.destroy();
  });
  incoming.resume();
}

/** The body has not all arrived by its deadline: 408 if nothing was answered yet, and the connection ends. */
function bodyTooSlow(request: FastifyRequest, reply: FastifyReply): void {
  const incoming = request.raw;
  if (incoming.complete || incoming.destroyed) return;
  // Destroying an unfinished request ends its connection (and works on injected requests, whose socket is a stand-in).
  if (reply.sent) {
    incoming.destroy();
    return;
  }
  void reply.code(408).header('connection', 'close').send({ message: BODY_TOO_SLOW });
}

/**
 * The body deadline of every request that has one (a request without a body is complete once
 * its headers are in, and costs nothing here), and the drain of a body answered early.
 */
export const requestDeadlinesPlugin = fp(async (app, timeouts: ServerTimeouts) => {
  app.addHook('onRequest', (request, reply, done) => {
    const incoming = request.raw;
    if (incoming.complete) return done();
    const deadlineMs = request.routeOptions.config.bodyDeadline === 'upload' ? timeouts.uploadBodyMs : timeouts.bodyMs;
    const timer = setTimeout(() => bodyTooSlow(request, reply), deadlineMs);
    // 'end' once the body is read (or drained), 'close' when the connection goes: either way no deadline is left.
    const clear = () => clearTimeout(timer);
    incoming.once('end', clear);
    incoming.once('close', clear);
    reply.raw.once('finish', () => {
      if (!incoming.complete && !incoming.destroyed) drain(incoming);
    });
    done();
  });
});
