/**
 * Slow and oversized requests over real sockets (issue 39.7): headers within their time, a
 * body within its route's deadline (uploads longer), idle keep-alive connections closed, and
 * an oversized upload answered 413 with a message the client reads. The timeouts are the
 * defaults scaled down through buildApp's `timeouts`.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_MESSAGES, PROFILE_PHOTO_MAX_BYTES } from '@app/shared';
import { SERVER_TIMEOUTS, BODY_TOO_SLOW } from '../../src/plugins/request-deadlines';
import { buildTestApp, type TestApp, type TestUser } from '../helpers/build-test-app';
import { multipart, pdf, png } from '../helpers/kyc-files';

const TIMEOUTS = { headersMs: 400, bodyMs: 600, uploadBodyMs: 3000, keepAliveMs: 300 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({ timeouts: TIMEOUTS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

interface RawConnection {
  socket: net.Socket;
  /** Everything the server has written so far. */
  received(): string;
  /** Resolves with the time (ms since connecting) at which the server closed the connection. */
  closed: Promise<number>;
  connectedAt: number;
}

async function connect(): Promise<RawConnection> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const connectedAt = Date.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - connectedAt)));
  return { socket, received: () => text, closed, connectedAt };
}

/** Writes `parts` one every `everyMs` while the connection is open; stops at the first write after it closed. */
async function trickle(connection: RawConnection, parts: (string | Buffer)[], everyMs: number): Promise<void> {
  for (const part of parts) {
    if (connection.socket.destroyed || !connection.socket.writable) return;
    connection.socket.write(part);
    await sleep(everyMs);
  }
}

function jsonBodyOf(response: string): unknown {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
}

describe('server timeouts', () => {
  it('defaults: headers 10 s, bodies 60 s (uploads 120 s), idle keep-alive 5 s', async () => {
    expect(SERVER_TIMEOUTS).toEqual({ headersMs: 10_000, bodyMs: 60_000, uploadBodyMs: 120_000, keepAliveMs: 5_000 });
    const plain = await buildTestApp({ database: t.database });
    expect(plain.app.server.headersTimeout).toBe(10_000);
    expect(plain.app.server.keepAliveTimeout).toBe(5_000);
    // Node's own whole-request limit is the backstop behind the routes' body deadlines.
    expect(plain.app.server.requestTimeout).toBe(130_000);
    await plain.app.close();
  });

  it('cuts a client that sends its headers slowly after the header timeout, with a 408', async () => {
    const connection = await connect();
    const lines = ['GET /api/health HTTP/1.1\r\n', 'Host: localhost\r\n', ...Array.from({ length: 40 }, (_, index) => `X-Slow-${index}: ${index}\r\n`)];
    void trickle(connection, lines, 50);
    const closedAfter = await connection.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(closedAfter).toBeLessThan(1500);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonBodyOf(connection.received())).toEqual({ message: BODY_TOO_SLOW });
  });

  it('closes a connection that sends nothing within the header timeout', async () => {
    const connection = await connect();
    const closedAfter = await connection.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(closedAfter).toBeLessThan(1500);
  });

  it('answers 408 and closes when a body is still trickling in at its deadline', async () => {
    const connection = await connect();
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(40) });
    connection.socket.write(`POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    void trickle(connection, body.split(''), 50);
    const closedAfter = await connection.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(TIMEOUTS.bodyMs - 50);
    expect(closedAfter).toBeLessThan(2000);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonBodyOf(connection.received())).toEqual({ message: BODY_TOO_SLOW });
  });

  it('gives an upload route its longer deadline: a body trickling past the others’ still arrives, one past its own does not', async () => {
    const applicant = await t.createUser({ kycStatus: 'Not Submitted' });
    const body = multipart([
      { name: 'front', filename: 'front.png', contentType: 'image/png', data: await png('#112233') },
      { name: 'back', filename: 'back.png', contentType: 'image/png', data: await png('#445566') },
    ]);
    const head =
      `POST /api/users/uploadKycDocuments HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${applicant.headers.authorization}\r\n` +
      `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`;
    const slices = (count: number) =>
      Array.from({ length: count }, (_, index) => body.payload.subarray(Math.floor((index * body.payload.length) / count), Math.floor(((index + 1) * body.payload.length) / count)));

    // About 1.2 s in all: twice the ordinary body deadline, well inside the upload one.
    const inTime = await connect();
    inTime.socket.write(head);
    await trickle(inTime, slices(12), 100);
    await waitFor(() => /\r\n\r\n\{.*\}$/s.test(inTime.received()));
    expect(inTime.received()).toMatch(/^HTTP\/1\.1 201 /);
    expect(jsonBodyOf(inTime.received())).toMatchObject({ message: KYC_MESSAGES.uploaded });
    inTime.socket.destroy();

    const tooSlow = await connect();
    tooSlow.socket.write(head);
    void trickle(tooSlow, slices(100), 100);
    const closedAfter = await tooSlow.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(TIMEOUTS.uploadBodyMs - 50);
    expect(closedAfter).toBeLessThan(TIMEOUTS.uploadBodyMs + 1500);
    expect(tooSlow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const connection = await connect();
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await waitFor(() => connection.received().includes('\r\n\r\n'));
    const answeredAfter = Date.now() - connection.connectedAt;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 /);
    const idleFor = (await connection.closed) - answeredAfter;
    // Node adds a second to what it announces (Keep-Alive: timeout=N), so that a client never reuses a connection as it closes.
    expect(idleFor).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveMs - 50);
    expect(idleFor).toBeLessThan(TIMEOUTS.keepAliveMs + 1800);
  });
});

/** Posts `body` over a new HTTP connection as a browser sends a file (in pieces, waiting whenever the connection is full). */
function postOverConnection(path: string, body: { payload: Buffer; headers: Record<string, string> }, headers: Record<string, string>) {
  return new Promise<{ status?: number; text: string; sent: boolean; error?: string }>((resolve) => {
    let status: number | undefined;
    let text = '';
    let sent = false;
    const request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path, agent: false, headers: { ...body.headers, ...headers, 'content-length': body.payload.length } },
      (response) => {
        status = response.statusCode;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => setTimeout(() => resolve({ status, text, sent }), 200));
      },
    );
    request.on('finish', () => (sent = true));
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ status, text, sent, error: error.code ?? error.message }));
    let offset = 0;
    const writeMore = () => {
      while (offset < body.payload.length) {
        const piece = body.payload.subarray(offset, offset + 64 * 1024);
        offset += piece.length;
        if (!request.write(piece)) return void request.once('drain', writeMore);
      }
      request.end();
    };
    writeMore();
  });
}

describe('an oversized upload over a real connection', () => {
  let applicant: TestUser;
  beforeAll(async () => {
    applicant = await t.createUser({ kycStatus: 'Not Submitted' });
  });

  it('KYC: 413 with the message, read by the client whose whole body was taken (no reset)', async () => {
    const body = multipart([
      { name: 'front', filename: 'big.pdf', contentType: 'application/pdf', data: pdf({ padTo: 11 * 1024 * 1024 }) },
      { name: 'back', filename: 'small.png', contentType: 'image/png', data: await png() },
    ]);
    const outcome = await postOverConnection('/api/users/uploadKycDocuments', body, applicant.headers);
    expect(outcome.error).toBeUndefined();
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.text)).toEqual({ message: `Front of document: ${KYC_MESSAGES.tooLarge} This file is over 10 MB.` });
    // The server read the rest of the body, so the client finished sending it rather than stalling.
    expect(outcome.sent).toBe(true);
  });

  it('profile photo: 413 with its own limit, read alike', async () => {
    const body = multipart([{ name: 'photo', filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(PROFILE_PHOTO_MAX_BYTES + 1024 * 1024, 1) }]);
    const outcome = await postOverConnection('/api/users/uploadPhoto', body, applicant.headers);
    expect(outcome.error).toBeUndefined();
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.text)).toEqual({ message: `File size must be less than ${PROFILE_PHOTO_MAX_BYTES / 1024 / 1024}MB.` });
    expect(outcome.sent).toBe(true);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await sleep(20);
  }
}
