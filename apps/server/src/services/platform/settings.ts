import { sql } from 'drizzle-orm';
import { settingsPatchSchema, settingsSchema, storedSettingsSchema, type SettingKey, type Settings } from '@app/shared';
import { batchedRead } from '../../db/batched-read';
import { batchDeadlineOf, type DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { nameLiterals } from '../../db/rows';
import { settings } from '../../db/schema';

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/**
 * One setting from its stored value (null when never set), as getSettings reads it: the
 * default when not set or no longer valid. For a statement that reads the setting along with
 * something else (`storedSetting`), saving a round trip.
 */
export function settingFrom<K extends SettingKey>(key: K, stored: unknown): Settings[K] {
  if (stored === null || stored === undefined) return DEFAULT_SETTINGS[key];
  const parsed = storedSettingsSchema.shape[key].safeParse(stored);
  return parsed.success ? (parsed.data as Settings[K]) : DEFAULT_SETTINGS[key];
}

/** A select expression: a setting's stored value (JSON), or null when never set. */
export const storedSetting = (key: SettingKey) => sql<unknown>`(select ${settings.value} from ${settings} where ${settings.key} = ${key})`;

/**
 * A select expression: the stored values of `keys` as one JSON object's text (null when none is
 * set). Uncorrelated, so read once per statement; as text, so that a page repeating it on each
 * row has it parsed once (`settingsFromText`). The keys are written in the statement, not passed
 * as parameters, so that a statement without others keeps its plan (services/platform/requests.ts).
 */
export function storedSettingsText(keys: readonly SettingKey[]) {
  return sql<string | null>`(select json_object_agg(${settings.key}, ${settings.value}) from ${settings} where ${settings.key} in (${nameLiterals(keys)}))::text`;
}

/** Those settings as getSettings gives them, from `storedSettingsText`'s value. */
export function settingsFromText<K extends SettingKey>(keys: readonly K[], text: string | null): Pick<Settings, K> {
  const stored = (text === null ? {} : JSON.parse(text)) as Record<string, unknown>;
  const picked = {} as Pick<Settings, K>;
  for (const key of keys) picked[key] = settingFrom(key, stored[key]);
  return picked;
}

/** Every setting from the stored rows, falling back to defaults for keys never set or no longer valid. */
function settingsFrom(rows: ReadonlyArray<{ key: string; value: unknown }>): Settings {
  const stored: Record<string, unknown> = {};
  for (const row of rows) stored[row.key] = row.value;
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(settingsSchema.shape) as SettingKey[]) {
    if (!(key in stored)) continue;
    const parsed = storedSettingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as Settings;
}

/**
 * Read by most money paths and several staff pages: concurrent reads share one statement and
 * one validation (db/batched-read.ts: each is answered by a read sent after it was asked for,
 * so it sees every write committed before), and get the same object.
 */
const settingsRead = preparedPerDatabase((db) => {
  const statement = db.select({ key: settings.key, value: settings.value }).from(settings).prepare('all_settings');
  return batchedRead<null, Settings>({
    timeoutMs: batchDeadlineOf(db),
    load: async (keys) => {
      const current = settingsFrom(await statement.execute());
      return keys.map(() => current);
    },
  });
});

/** Reads every setting, falling back to defaults for keys never set or no longer valid. Shared by concurrent readers: never change it. */
export async function getSettings(db: DbOrTx): Promise<Settings> {
  return (await settingsRead(db)(null))!;
}

/**
 * Writes the settings present in `patch` (validated); returns the whole set after the change.
 * Only those keys: zod fills in every other key's default, which must not overwrite it.
 */
export async function putSettings(db: DbOrTx, patch: Partial<Settings>, actorId: string | null): Promise<Settings> {
  const valid = settingsPatchSchema.parse(patch) as Record<string, unknown>;
  for (const key of Object.keys(patch)) {
    const value = valid[key];
    if (value === undefined) continue;
    await db
      .insert(settings)
      .values({ key, value, updatedBy: actorId })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: actorId, updatedAt: sql`now()` } });
  }
  return getSettings(db);
}
