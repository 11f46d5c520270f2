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

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

/** The database cannot be reached or went away (the request gets 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(
    error,
    ({ code, message = '' }) =>
      (code !== undefined && UNAVAILABLE_CODES.has(code)) || /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message),
  );
}

/** PostgreSQL refused text that came from the request: NUL bytes or invalid byte sequences (22021, 22P05). */
export function isInvalidText(error: unknown): boolean {
  return someCause(error, ({ code }) => code === '22021' || code === '22P05');
}
