/**
 * `npm start` runs the esbuild bundle of the server with the Node flags in package.json
 * (ADR 0010); the other suites run the TypeScript sources. This proves the bundle itself:
 * built by scripts/build-server.mjs, started with those flags on a new embedded database,
 * it creates and migrates the database, answers, and exits cleanly on SIGTERM.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../proof/proc';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-bundle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The flags `npm start` gives Node, read from package.json so the test follows them. */
function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.split(/\s+/);
  expect(words[0]).toBe('node');
  expect(words.at(-1)).toBe('scripts/start.mjs');
  return words.slice(1, -1);
}

describe.skipIf(process.env.VAULTLINE_TEST_DB === 'postgres')('the server bundle npm start runs', () => {
  it('builds, creates the embedded database, serves the API and exits 0 on SIGTERM', { timeout: 120_000 }, async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'pipe' });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let output = '';
    const child = spawn(process.execPath, [...startFlags(), path.join(ROOT, 'apps/server/dist/server.mjs')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
        const ready = await fetch(`${url}/api/ready`).catch(() => undefined);
        if (ready?.ok) break;
        if (Date.now() > deadline) throw new Error(`server not ready: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok' });
      const plans = await fetch(`${url}/api/invest/plans`);
      expect(plans.status).toBe(200);
      expect(JSON.stringify(await plans.json())).toContain('"minAmount"');
      const unknown = await fetch(`${url}/api/no-such-route`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ message: expect.any(String) });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/error/i);
  });
});
