// The bench's load generator (ADR 0023, "A load generator that drops bodies"). Each connection
// sends one fixed request, its bytes built once, and the next as soon as the last byte of the
// answer has arrived (no pipelining). Answers are framed by content-length or chunked transfer
// coding and their bodies dropped unread: a client decodes a page on its own machine, and
// decoding compressed pages on the bench's one load core cost it more than the server spent.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Connection i sends headerSets[i % length] (one signed-in user per connection). */
  headerSets: Array<Record<string, string>>;
  method?: string;
  body?: string;
  /** How long to wait, after the duration, for the answers still in flight. */
  drainSeconds?: number;
}

export interface LoadResult {
  /** Answers whose last byte arrived within the duration. */
  requests: number;
  /** Of those, answers with a status outside 2xx. */
  non2xx: number;
  /** Connections lost or answers that could not be framed; the connection is opened again. */
  errors: number;
  /** Milliseconds from the request's first byte sent to the answer's last byte received, of
   * every request sent within the duration (answered within it or while draining), sorted. */
  latenciesMs: Float64Array;
}

/** A request's bytes, as sent on every turn of a connection. */
export function requestBytes(url: URL, method: string, headers: Record<string, string>, body?: string): Buffer {
  const lines = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const payload = body === undefined ? undefined : Buffer.from(body);
  if (payload) lines.push(`content-length: ${payload.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return payload ? Buffer.concat([head, payload]) : head;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const STATUS_LINE_START = Buffer.from('HTTP/1.1 ');
const CONTENT_LENGTH = Buffer.from('\r\ncontent-length:');

const DIGIT_0 = 0x30;

/** The decimal number written in `count` ASCII digits at data[at]. */
function digitsAt(data: Buffer, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i += 1) {
    const digit = data[i]! - DIGIT_0;
    if (digit < 0 || digit > 9) throw new Error('malformed number');
    value = value * 10 + digit;
  }
  return value;
}

/** A content-length value starting at data[at] (after optional blanks), up to the line's end. */
function lengthOf(data: Buffer, at: number, end: number): number {
  let from = at;
  while (data[from] === 0x20 || data[from] === 0x09) from += 1;
  let to = from;
  while (to < end && data[to] !== 0x0d && data[to] !== 0x20) to += 1;
  if (to === from) throw new Error('malformed content-length');
  return digitsAt(data, from, to - from);
}
const LINE_END = Buffer.from('\r\n');

/** Where a framer is in the answer: its head, a sized body, a chunk-size line, a chunk, the trailer. */
const State = { Head: 0, Body: 1, ChunkSize: 2, ChunkData: 3, Trailer: 4 } as const;

/**
 * Finds where each HTTP/1.1 answer on a connection ends, reading only heads and chunk-size
 * lines; calls onAnswer with its status after its last byte. Throws on what it cannot frame.
 */
export class AnswerFramer {
  private state: (typeof State)[keyof typeof State] = State.Head;
  private status = 0;
  /** Bytes left in the body (State.Body) or in the chunk with its CRLF (State.ChunkData). */
  private remaining = 0;
  /** An incomplete head or line carried over to the next data. */
  private carry: Buffer | null = null;

  constructor(private readonly onAnswer: (status: number) => void) {}

  push(received: Buffer): void {
    let data = received;
    if (this.carry) {
      data = Buffer.concat([this.carry, received]);
      this.carry = null;
    }
    let at = 0;
    while (at < data.length) {
      if (this.state === State.Body || this.state === State.ChunkData) {
        const taken = Math.min(this.remaining, data.length - at);
        this.remaining -= taken;
        at += taken;
        if (this.remaining > 0) return;
        if (this.state === State.Body) this.answered();
        else this.state = State.ChunkSize;
        continue;
      }
      const end = data.indexOf(this.state === State.Head ? HEAD_END : LINE_END, at);
      if (end === -1) {
        this.carry = Buffer.from(data.subarray(at));
        return;
      }
      if (this.state === State.Head) {
        this.readHead(data, at, end);
        at = end + HEAD_END.length;
      } else if (this.state === State.ChunkSize) {
        const size = Number.parseInt(data.toString('latin1', at, end).split(';')[0]!, 16);
        if (!Number.isInteger(size) || size < 0) throw new Error('malformed chunk size');
        at = end + LINE_END.length;
        if (size === 0) this.state = State.Trailer;
        else {
          this.state = State.ChunkData;
          this.remaining = size + LINE_END.length;
        }
      } else {
        const emptyLine = end === at;
        at = end + LINE_END.length;
        if (emptyLine) this.answered();
      }
    }
  }

  /** Reads the head in data[from, end): its status and how its body is framed. */
  private readHead(data: Buffer, from: number, end: number): void {
    if (data.compare(STATUS_LINE_START, 0, STATUS_LINE_START.length, from, from + STATUS_LINE_START.length) !== 0) {
      throw new Error('malformed status line');
    }
    const status = digitsAt(data, from + STATUS_LINE_START.length, 3);
    // Interim answers (100 Continue) precede the real one.
    if (status < 200) return;
    this.status = status;
    if (status === 204 || status === 304) return this.answered();
    // Node writes header names as given, and servers built on it write them in lower case: the
    // bytes are searched first, the head as text only when they are not there.
    const lengthAt = data.indexOf(CONTENT_LENGTH, from);
    if (lengthAt !== -1 && lengthAt < end) this.remaining = lengthOf(data, lengthAt + CONTENT_LENGTH.length, end);
    else {
      const head = data.toString('latin1', from, end).toLowerCase();
      if (/\r\ntransfer-encoding:[^\r]*chunked/.test(head)) {
        this.state = State.ChunkSize;
        return;
      }
      const length = /\r\ncontent-length:[ \t]*(\d+)/.exec(head);
      if (!length) throw new Error('an answer without content-length or chunked coding');
      this.remaining = Number(length[1]);
    }
    if (this.remaining === 0) return this.answered();
    this.state = State.Body;
  }

  private answered(): void {
    this.state = State.Head;
    this.onAnswer(this.status);
  }
}

/** Loads url for durationSeconds on `connections` keep-alive connections. */
export function generateLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const requests = options.headerSets.map((headers) => requestBytes(url, options.method ?? 'GET', headers, options.body));
  const latencies: number[] = [];
  let answeredInTime = 0;
  let non2xx = 0;
  let errors = 0;
  let open = options.connections;
  const startedAt = performance.now();
  const deadline = startedAt + options.durationSeconds * 1000;
  const sockets = new Set<net.Socket>();

  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(drainTimer);
      resolve({ requests: answeredInTime, non2xx, errors, latenciesMs: Float64Array.from(latencies).sort() });
    };
    const closed = () => {
      open -= 1;
      if (open === 0) finish();
    };
    // Answers still in flight after the drain count as lost connections (on close).
    const drainTimer = setTimeout(
      () => {
        for (const socket of sockets) socket.destroy();
      },
      (options.durationSeconds + (options.drainSeconds ?? 30)) * 1000,
    );

    const connect = (request: Buffer) => {
      const socket = net.connect({ host: url.hostname, port: Number(url.port || 80) });
      sockets.add(socket);
      socket.setNoDelay(true);
      let sentAt = 0;
      let done = false;
      const send = () => {
        sentAt = performance.now();
        socket.write(request);
      };
      const end = () => {
        done = true;
        sockets.delete(socket);
        socket.destroy();
        closed();
      };
      const framer = new AnswerFramer((status) => {
        const now = performance.now();
        latencies.push(now - sentAt);
        if (now <= deadline) {
          answeredInTime += 1;
          if (status < 200 || status >= 300) non2xx += 1;
          send();
        } else end();
      });
      socket.on('connect', send);
      socket.on('data', (data: Buffer) => {
        try {
          framer.push(data);
        } catch {
          socket.destroy(new Error('unframeable answer'));
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (done) return;
        // Lost (reset, closed by the server, or not framed): counted, and opened again while the duration lasts.
        errors += 1;
        sockets.delete(socket);
        if (performance.now() < deadline) connect(request);
        else closed();
      });
    };

    for (let i = 0; i < options.connections; i += 1) connect(requests[i % requests.length]!);
  });
}

/** The answer time below which `fraction` of the answers came (0 without answers). */
export function percentile(sortedMs: Float64Array, fraction: number): number {
  if (sortedMs.length === 0) return 0;
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1)]!;
}
