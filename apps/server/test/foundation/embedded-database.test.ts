import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-embedded-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('embedded database in DATA_DIR', () => {
  it('is created on the first open (initdb in a child process), refuses a second open while open, keeps its data when reopened and starts with 16 MB of shared buffers', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite.creating'))).toBe(false);
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    // One process per data directory, this one included: a second open would run a second Postgres on the same files.
    await expect(openDatabase({ dataDir })).rejects.toThrow(`is in use by another Vaultline process (pid ${process.pid}, `);
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      expect(await rows(second, sql`select note from kept`)).toEqual([{ note: 'still here' }]);
      expect(await rows(second, sql`show shared_buffers`)).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await second.close();
    }
  });

  it('refuses a pglite directory that holds files but no database instead of creating one over them', async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, 'pglite'));
    writeFileSync(path.join(dataDir, 'pglite', 'notes.txt'), 'not a database');
    await expect(openDatabase({ dataDir })).rejects.toThrow(/holds files but no database/);
  });
});
