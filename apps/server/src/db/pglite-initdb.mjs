// `node pglite-initdb.mjs <directory> [setting=value...]`: creates an embedded database
// (PGlite's initdb) in directory, then exits. db/client.ts runs it in a short-lived child
// process on a first start (ADR 0010); the settings are the ones the server starts with.
import { PGlite } from '@electric-sql/pglite';

const [dir, ...settings] = process.argv.slice(2);
if (!dir) throw new Error('usage: node pglite-initdb.mjs <directory> [setting=value...]');
const client = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])] });
await client.close();
