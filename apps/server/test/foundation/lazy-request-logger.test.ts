import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/app';
import { lazyRequestLogger } from '../../src/lib/lazy-request-logger';

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const parent = pino({ ...(loggerOptions(level) as pino.LoggerOptions) }, stream);
  return { parent, lines };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('lazyRequestLogger', () => {
  it('writes through a child with the request bindings, at the levels the parent enables', async () => {
    const { parent, lines } = capture('warn');
    const log = lazyRequestLogger(parent, { reqId: 'r-1' }, {});
    log.info('not written');
    log.debug({ detail: 1 }, 'not written');
    log.warn({ detail: 2 }, 'slow');
    log.error(new Error('boom'), 'failed');
    await flush();
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['slow', 'r-1'],
      ['failed', 'r-1'],
    ]);
    expect(lines[0]!.detail).toBe(2);
  });

  it('keeps the redaction of the parent', async () => {
    const { parent, lines } = capture('info');
    lazyRequestLogger(parent, { reqId: 'r-2' }, {}).info({ body: { password: 'hunter2' } }, 'signed in');
    await flush();
    expect(JSON.stringify(lines)).not.toContain('hunter2');
  });

  it('follows a level set on it, and gives children that carry its bindings', async () => {
    const { parent, lines } = capture('warn');
    const log = lazyRequestLogger(parent, { reqId: 'r-3' }, {});
    expect(log.level).toBe('warn');
    log.level = 'debug';
    log.debug('now written');
    log.child({ job: 'x' }).info('child line');
    await flush();
    expect(lines.map((line) => [line.msg, line.reqId, line.job])).toEqual([
      ['now written', 'r-3', undefined],
      ['child line', 'r-3', 'x'],
    ]);
    expect(parent.level).toBe('warn');
  });

  it('makes a real child at once for a route with its own log level', () => {
    const { parent } = capture('warn');
    const log = lazyRequestLogger(parent, { reqId: 'r-4' }, { level: 'debug' });
    expect(log.level).toBe('debug');
    expect(typeof (log as pino.Logger).bindings).toBe('function');
  });
});
