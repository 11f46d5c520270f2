import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, openPostgres, wrapPglite } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string | null;
  }
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A migrated PGlite data directory, dumped once and copied into each test file's database. */
async function pgliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `vaultline-pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return file;
  const client = await PGlite.create();
  const database = wrapPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  await client.close();
  return file;
}

function adminUrl(url: string, database = 'postgres'): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await pgliteTemplate());
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('pgTemplate', null);
    return;
  }
  const name = `vaultline_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = openPostgres(adminUrl(url, name), 1);
  await database.migrate();
  await database.close();
  project.provide('pgTemplate', name);
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
