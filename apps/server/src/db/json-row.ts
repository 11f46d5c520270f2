import { getTableColumns, sql, type Column, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';
import {
  PgBigInt53,
  PgBigSerial53,
  PgBoolean,
  PgChar,
  PgInteger,
  PgSerial,
  PgSmallInt,
  PgText,
  PgTimestamp,
  PgUUID,
  PgVarchar,
} from 'drizzle-orm/pg-core';

/**
 * Column classes (Drizzle's exported ones) whose JSON form is what Drizzle gives for the column
 * once timestamps are made Dates. Not numeric (JSON gives a number, Drizzle a string), nor
 * bigints kept as bigint, nor timestamps read as strings.
 */
const JSON_SAFE = [PgText, PgVarchar, PgChar, PgUUID, PgBoolean, PgTimestamp, PgSmallInt, PgInteger, PgSerial, PgBigInt53, PgBigSerial53];
const jsonSafe = (column: Column) => JSON_SAFE.some((kind) => column instanceof kind);

export interface JsonRow<Row> {
  /** A select expression: the row (or the chosen columns) as one JSON object keyed by the schema's field names. */
  sql: SQL<Record<string, unknown>>;
  /**
   * Turns that object into what Drizzle would have returned for those columns, in place
   * (timestamps become Dates). Decoding it again changes nothing, so a row handed to several
   * readers (one batched read, one key asked twice) may be decoded by each.
   */
  decode(value: Record<string, unknown>): Row;
}

/**
 * A table's row (or some of its columns) read as one JSON value instead of a column each.
 * For the read behind every signed-in request: Drizzle maps selected columns one at a time,
 * allocating an iterator and entry arrays per column, which was 15% of all a signed-in read
 * allocated; the driver parses one JSON value natively, and only timestamps need converting.
 */
export function jsonRow<T extends Table, K extends keyof InferSelectModel<T> & string = keyof InferSelectModel<T> & string>(
  table: T,
  keys?: readonly K[],
): JsonRow<Pick<InferSelectModel<T>, K>> {
  const all = getTableColumns(table);
  const columns = keys ? keys.map((key) => [key, all[key]!] as const) : Object.entries(all);
  // json_build_object takes at most 100 arguments.
  if (columns.length > 50) throw new Error('jsonRow: more than 50 columns');
  for (const [key, column] of columns) {
    if (!jsonSafe(column)) throw new Error(`jsonRow: ${key} (${column.getSQLType()}) has no plain JSON form`);
  }
  const converted = columns.filter(([, column]) => column instanceof PgTimestamp);
  return {
    sql: sql<Record<string, unknown>>`json_build_object(${sql.join(
      columns.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
      sql`, `,
    )})`,
    decode(value) {
      for (const [key, column] of converted) {
        const raw = value[key];
        if (typeof raw === 'string') value[key] = column.mapFromDriverValue(raw);
      }
      return value as Pick<InferSelectModel<T>, K>;
    },
  };
}
