/**
 * What a database error means. Drivers wrap PostgreSQL's error (Drizzle puts the driver's in
 * `cause`), so each check walks a few levels of causes.
 */
interface DatabaseErrorFields {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

function someCause(error: unknown, test: (fields: DatabaseErrorFields) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const fields = current as DatabaseErrorFields;
    if (test(fields)) return true;
    current = fields.cause;
  }
  return false;
}

/** A unique index refused the row (23505); with `constraint`, only that index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return someCause(error, ({ code, constraint: name }) => code === '23505' && (!constraint || name === constraint));
}

/**
 * SQLSTATEs and driver codes that mean "the database cannot answer now": it is shutting down or
 * restarting (57P01-57P03), refuses connections (55000 with ALLOW_CONNECTIONS false, 53300 too
 * many connections, 53400), the link failed (class 08), a statement or an idle transaction was
 * cut short (57014, 25P03), or the login or the database itself is refused at run time (28000,
 * 28P01, 3D000: a failover to a misconfigured replica, a rotated password).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '53400', '25P03', '28000', '28P01', '3D000']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** Driver messages without a code: pg's and pg-pool's, our query deadline's (db/client.ts), PGlite closed. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Query read timeout|not currently accepting connections|PGlite is closed/i;

/**
 * What made the database unavailable (it cannot be reached or cannot answer now: the request gets
 * 503 with Retry-After, not 500), in a few words for the log; null when it is some other error.
 */
export function unavailabilityCause(error: unknown): string | null {
  let cause: string | null = null;
  someCause(error, ({ code, message = '' }) => {
    if (code && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_SOCKET_CODES.has(code))) {
      cause = `${code}: ${message.split('\n')[0]}`;
    } else if (code === '55000' ? /accepting connections/i.test(message) : UNAVAILABLE_MESSAGE.test(message)) {
      cause = message.split('\n')[0]!;
    }
    return cause !== null;
  });
  return cause;
}

/** PostgreSQL refused text that came from the request: NUL bytes or invalid byte sequences (22021, 22P05). */
export function isInvalidText(error: unknown): boolean {
  return someCause(error, ({ code }) => code === '22021' || code === '22P05');
}
