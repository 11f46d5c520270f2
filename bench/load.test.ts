import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerFramer, generateLoad, percentile, requestBytes } from './load';

/** Feeds the framer the answers' bytes cut at every given size, and returns the statuses it framed. */
function frame(bytes: Buffer, pieceSize: number): number[] {
  const statuses: number[] = [];
  const framer = new AnswerFramer((status) => statuses.push(status));
  for (let at = 0; at < bytes.length; at += pieceSize) framer.push(bytes.subarray(at, at + pieceSize));
  return statuses;
}

const binary = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256));
const lookalike = 'HTTP/1.1 200 OK\r\n\r\n0\r\n\r\n\r\n';
const answers = Buffer.concat([
  Buffer.from(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-encoding: br\r\ncontent-length: ${binary.length}\r\n\r\n`),
  binary,
  // A body that holds what looks like a head and a chunk's end.
  Buffer.from(`HTTP/1.1 404 Not Found\r\nContent-Length: ${lookalike.length}\r\n\r\n${lookalike}`),
  Buffer.from('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\nx-a: b\r\n\r\n'),
  Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nx-trailer: 1\r\n\r\n'),
  Buffer.from('HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n\r\n'),
]);

describe('AnswerFramer', () => {
  it('frames answers by content-length, chunks, and no body, however the bytes are cut', () => {
    for (const pieceSize of [1, 2, 3, 7, 64, 1000, answers.length]) {
      expect(frame(answers, pieceSize), `pieces of ${pieceSize}`).toEqual([200, 404, 204, 200, 503]);
    }
  });

  it('refuses what it cannot frame', () => {
    expect(() => frame(Buffer.from('HTTP/1.0 200 OK\r\ncontent-length: 0\r\n\r\n'), 100)).toThrow(/status line/);
    expect(() => frame(Buffer.from('HTTP/1.1 200 OK\r\nconnection: close\r\n\r\n'), 100)).toThrow(/content-length/);
    expect(() => frame(Buffer.from('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n'), 100)).toThrow(/chunk size/);
  });
});

describe('generateLoad', () => {
  const servers: net.Server[] = [];
  afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

  /** A server that reads each request's head and answers with `answer(head)`, each answer written in small pieces. */
  async function server(answer: (head: string, socket: net.Socket) => Buffer | null) {
    const seen = { requests: 0, users: new Map<net.Socket, Set<string>>() };
    const instance = net.createServer((socket) => {
      let pending = '';
      seen.users.set(socket, new Set());
      socket.on('error', () => undefined);
      socket.on('data', (data) => {
        pending += data.toString('latin1');
        for (let end = pending.indexOf('\r\n\r\n'); end !== -1; end = pending.indexOf('\r\n\r\n')) {
          const head = pending.slice(0, end);
          pending = pending.slice(end + 4);
          seen.requests += 1;
          seen.users.get(socket)!.add(/\r\nx-user: (\w+)/.exec(head)?.[1] ?? '');
          const bytes = answer(head, socket);
          if (!bytes) continue;
          // Cut across the head, the chunk lines and the body.
          for (let at = 0; at < bytes.length; at += 97) socket.write(bytes.subarray(at, at + 97));
        }
      });
    });
    servers.push(instance);
    await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
    const { port } = instance.address() as net.AddressInfo;
    return { url: `http://127.0.0.1:${port}/page?x=1`, seen };
  }

  it('answers every request it sends, each connection as one user, and counts what is not 2xx', async () => {
    let turn = 0;
    const { url, seen } = await server(() => {
      turn += 1;
      return turn % 4 === 0 ? Buffer.from('HTTP/1.1 404 Not Found\r\ncontent-length: 2\r\n\r\n{}') : answers.subarray(0, answers.indexOf('HTTP/1.1 404'));
    });
    const users = ['ann', 'bob', 'cem'];
    const result = await generateLoad({ url, connections: 6, durationSeconds: 0.5, headerSets: users.map((user) => ({ 'x-user': user })) });

    expect(result.errors).toBe(0);
    expect(result.requests).toBeGreaterThan(50);
    // Every request the server saw was answered and timed: the in-flight ones after the duration too.
    expect(result.latenciesMs.length).toBe(seen.requests);
    expect(result.non2xx).toBeGreaterThan(0);
    expect(Math.abs(result.non2xx - result.requests / 4)).toBeLessThanOrEqual(6);
    const perConnection = [...seen.users.values()];
    expect(perConnection).toHaveLength(6);
    expect(perConnection.every((set) => set.size === 1)).toBe(true);
    expect(perConnection.map((set) => [...set][0]).sort()).toEqual(['ann', 'ann', 'bob', 'bob', 'cem', 'cem']);
    expect(percentile(result.latenciesMs, 0.99)).toBeGreaterThan(0);
  });

  it('counts lost connections and opens them again', async () => {
    let turn = 0;
    const { url, seen } = await server((_head, socket) => {
      turn += 1;
      if (turn % 10 === 0) {
        socket.destroy();
        return null;
      }
      return Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n');
    });
    const result = await generateLoad({ url, connections: 2, durationSeconds: 0.5, headerSets: [{}] });

    expect(result.errors).toBeGreaterThan(0);
    expect(result.requests).toBeGreaterThan(result.errors);
    expect(result.latenciesMs.length + result.errors).toBe(seen.requests);
  });

  it('sends a body with its length', () => {
    const bytes = requestBytes(new URL('http://127.0.0.1:9/api/x?y=1'), 'POST', { 'content-type': 'application/json' }, '{"a":"é"}');
    expect(bytes.toString()).toBe('POST /api/x?y=1 HTTP/1.1\r\nhost: 127.0.0.1:9\r\ncontent-type: application/json\r\ncontent-length: 10\r\n\r\n{"a":"é"}');
  });
});

describe('percentile', () => {
  it('is the value below which that share of the sorted times lies', () => {
    const times = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(times, 0.99)).toBe(99);
    expect(percentile(times, 0.5)).toBe(50);
    expect(percentile(new Float64Array(0), 0.99)).toBe(0);
  });
});
