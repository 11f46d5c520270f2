import { sql } from 'drizzle-orm';
import { settingsPatchSchema, settingsSchema, type SettingKey, type Settings } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { settings } from '../../db/schema';

/** Read by the staff guards and most money paths. */
const allSettings = preparedPerDatabase((db) => db.select().from(settings).prepare('all_settings'));

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/**
 * One setting from its stored value (null when never set), as getSettings reads it: the
 * default when not set or no longer valid. For a statement that reads the setting along with
 * something else (`storedSetting`), saving a round trip.
 */
export function settingFrom<K extends SettingKey>(key: K, stored: unknown): Settings[K] {
  if (stored === null || stored === undefined) return DEFAULT_SETTINGS[key];
  const parsed = settingsSchema.shape[key].safeParse(stored);
  return parsed.success ? (parsed.data as Settings[K]) : DEFAULT_SETTINGS[key];
}

/** A select expression: a setting's stored value (JSON), or null when never set. */
export const storedSetting = (key: SettingKey) => sql<unknown>`(select ${settings.value} from ${settings} where ${settings.key} = ${key})`;

/** Reads every setting, falling back to defaults for keys never set or no longer valid. */
export async function getSettings(db: DbOrTx): Promise<Settings> {
  const rows = await allSettings(db).execute();
  const stored: Record<string, unknown> = {};
  for (const row of rows) stored[row.key] = row.value;
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(settingsSchema.shape) as SettingKey[]) {
    if (!(key in stored)) continue;
    const parsed = settingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as Settings;
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
