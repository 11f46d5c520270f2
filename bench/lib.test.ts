import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { measure } from './lib';

// A binary body, as a gzip page is: what the load generator used to decode on every answer.
const BODY = Buffer.alloc(64 * 1024, 0xff);
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((_request, response) => response.end(BODY));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('the load generator drops response bodies instead of decoding them', async () => {
  const bodies: string[] = [];
  const result = await autocannon({ url, connections: 1, amount: 20, requests: [{ onResponse: (_status, body) => void bodies.push(body) }] });
  expect(result.non2xx).toBe(0);
  expect(bodies).toHaveLength(20);
  expect(bodies.every((body) => body === '')).toBe(true);
  // The bytes are still counted: autocannon's throughput figure is unchanged.
  expect(result.throughput.total).toBeGreaterThan(20 * BODY.length);
});

test('measure still counts every answer', async () => {
  const measured = await measure({ url, connections: 2, durationSeconds: 1 });
  expect(measured.requestsPerSecond).toBeGreaterThan(0);
  expect(measured.non2xx).toBe(0);
  expect(measured.errors).toBe(0);
});
