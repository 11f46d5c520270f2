import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * JSON text written by a statement, byte for byte what JSON.stringify writes for the same
 * values: for a page the server sends as it reads it, without parsing rows into objects and
 * stringifying them again. PostgreSQL's to_json escapes text as JSON.stringify does (quotes,
 * backslashes, control characters; U+2028 and emoji as they are).
 */

/** A text, integer or boolean value as JSON; SQL null is JSON null. */
export const jsonValue = (value: SQLWrapper): SQL<string> => sql`coalesce(to_json(${value})::text, 'null')`;

/**
 * Integer cents as formatCents writes them, as a JSON string. history_cents (migration 0017) in
 * line: PostgreSQL calls that function rather than inlining it.
 */
export const jsonCents = (cents: SQLWrapper): SQL<string> =>
  sql`('"' || case when ${cents} < 0 then '-' else '' end || (abs(${cents}) / 100)::text || '.' || lpad((abs(${cents}) % 100)::text, 2, '0') || '"')`;

/**
 * An integer over 100 as a JSON number, as JavaScript writes `value / 100` (8, 12.5, 0.05): for
 * integers of up to 15 digits, whose hundredths a double holds exactly (basis points as a percentage).
 */
export const jsonHundredths = (value: SQLWrapper): SQL<string> => sql`coalesce(trim_scale(${value}::numeric / 100)::text, 'null')`;

/**
 * An instant as Date#toISOString writes it (milliseconds truncated, as a Date keeps them), as a
 * JSON string; SQL null is JSON null. history_iso (migration 0017) in line: the function, which
 * PostgreSQL does not inline, cost 2 µs an instant, to_char 0.4. An instant outside the years
 * 1-9999, which the Date read before could not write either, makes the whole text null.
 */
export const jsonIso = (at: SQLWrapper): SQL<string> =>
  sql`(case when ${at} is null then 'null' when ${at} >= '0001-01-01 00:00:00+00' and ${at} < '10000-01-01 00:00:00+00' then '"' || to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' end)`;

/**
 * An object's text, its keys in the order given, each with its value's JSON text. `open` leaves
 * off the closing brace, for a server that appends the keys it computes itself.
 */
export function jsonObject(entries: ReadonlyArray<readonly [key: string, value: SQL<string>]>, options: { open?: boolean } = {}): SQL<string> {
  const parts = entries.map(([key, value], index) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`jsonObject: key ${key} needs escaping`);
    return sql`${sql.raw(`'${index === 0 ? '{' : ','}"${key}":'`)} || ${value}`;
  });
  return sql`(${sql.join(parts, sql` || `)}${sql.raw(options.open ? '' : ` || '}'`)})`;
}

/**
 * A page as JSON text: its list's text (a JSON array) under `key`, then the next page's cursor
 * (null on the last page), then the keys of `after` in their order.
 */
export function jsonPageText(key: string, listText: string, nextCursor: string | null, after: Record<string, unknown> = {}): string {
  const rest = Object.entries(after).map(([name, value]) => `,${JSON.stringify(name)}:${JSON.stringify(value)}`);
  return `{${JSON.stringify(key)}:${listText},"nextCursor":${JSON.stringify(nextCursor)}${rest.join('')}}`;
}
