import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/**
 * Prepared statements for the embedded database (ADR 0022). PGlite's `query()` sends every
 * statement unnamed (parse, describe, bind, describe, execute, sync), so PostgreSQL parses and
 * plans it on each call, and Drizzle's `.prepare(name)` keeps only the SQL text on PGlite. On
 * the history page that planning was three quarters of the statement's time. Here each SQL
 * text Drizzle sends outside a transaction is prepared once (`PREPARE`) and then run as
 * `EXECUTE name(values)` in one simple-protocol call, its values written as quoted literals
 * that PostgreSQL casts to the parameter types it inferred, exactly as it does for text-format
 * bind values. A value that has no safe literal form, a text that cannot be prepared, or a full
 * cache falls back to the plain `query()`.
 */
export const MAX_PREPARED_STATEMENTS = 256;

const PREPARABLE = /^\s*(select|with|insert|update|delete)\s/i;

/** A string as a standard-conforming SQL literal (the only escape is a doubled quote). */
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** An array element as PostgreSQL's array input reads it. */
function arrayElement(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string') return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return undefined;
}

/** One value as a literal, or undefined when it has none that is safe here. */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  let text: string | undefined;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : undefined;
  else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  else if (Array.isArray(value)) {
    const elements = value.map(arrayElement);
    text = elements.every((element) => element !== undefined) ? `{${elements.join(',')}}` : undefined;
  }
  // PostgreSQL reads a query's text up to its first NUL: such a value keeps the bound path (and its error).
  if (text === undefined || text.includes('\0')) return undefined;
  return quoted(text);
}

/** The argument list of an EXECUTE, or undefined when a value needs the bound path. */
function argumentList(params: unknown[]): string | undefined {
  if (params.length === 0) return '';
  const literals = params.map(literal);
  return literals.every((text) => text !== undefined) ? `(${literals.join(', ')})` : undefined;
}

/** The client Drizzle is given: PGlite itself, with `query()` going through prepared statements. */
export function withPreparedStatements(client: PGlite, capacity = MAX_PREPARED_STATEMENTS): PGlite {
  // A text's statement name, or null when PostgreSQL would not prepare it.
  const statements = new Map<string, Promise<string | null>>();

  function statementFor(text: string): Promise<string | null> | undefined {
    const known = statements.get(text);
    if (known || statements.size >= capacity || !PREPARABLE.test(text)) return known;
    const name = `vaultline_${statements.size}`;
    const prepared = client.exec(`prepare ${name} as ${text}`).then(
      () => name,
      () => null,
    );
    statements.set(text, prepared);
    return prepared;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // Values are written out only for a text that has (or gets) a statement.
    const statement = statementFor(text);
    const args = statement ? argumentList(params) : undefined;
    const name = statement && args !== undefined ? await statement : null;
    if (!name) return client.query<T>(text, params, options);
    const [result] = await client.exec(`execute ${name}${args}`, options);
    return result as Results<T>;
  }

  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
