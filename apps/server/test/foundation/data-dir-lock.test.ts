/**
 * One process per data directory (issue 40.3): a second process is refused at once, naming the
 * holder's pid; a holder killed with SIGKILL, or a lock whose pid now belongs to another
 * process, does not block the next start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../src/db/data-dir-lock';
import { embeddedOnly } from '../helpers/build-test-app';

const LOCK_MODULE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/data-dir-lock.ts');

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Another process holding dataDir, as a server would; resolves once it holds it. */
function holder(dataDir: string): Promise<ChildProcess> {
  const script = `import { lockDataDir } from ${JSON.stringify(LOCK_MODULE)}; lockDataDir(${JSON.stringify(dataDir)}); console.log('held'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve(child));
    child.on('exit', (code) => reject(new Error(`holder exited (${code})`)));
  });
}

function refusal(dataDir: string): DataDirInUseError {
  try {
    lockDataDir(dataDir).release();
  } catch (error) {
    if (error instanceof DataDirInUseError) return error;
    throw error;
  }
  throw new Error('the lock was taken');
}

describe('one process per data directory', { ...embeddedOnly, timeout: 60_000 }, () => {
  it('refuses a directory another live process holds, in one line naming it and the pid; takes it once that process was killed', async () => {
    const dataDir = tempDir();
    const child = await holder(dataDir);
    try {
      const refused = refusal(dataDir);
      expect(refused.message).toMatch(
        new RegExp(`^DATA_DIR ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another Vaultline process \\(pid ${child.pid}, [^)]+\\): stop it first, or give this one another DATA_DIR\\.$`),
      );
      await expect(openDatabase({ dataDir })).rejects.toThrow(refused.message);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock whose pid is alive but is another process (pid reused), and an unreadable one', () => {
    const dataDir = tempDir();
    const lockPath = path.join(dataDir, LOCK_FILE);
    writeFileSync(lockPath, JSON.stringify({ pid: process.pid, started: '1', bootId: null, command: 'npm start' }));
    lockDataDir(dataDir).release();
    const current = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    writeFileSync(lockPath, JSON.stringify({ pid: process.ppid, started: null, bootId: `not-${current}`, command: 'npm start' }));
    lockDataDir(dataDir).release();
    writeFileSync(lockPath, '');
    lockDataDir(dataDir).release();
    expect(existsSync(lockPath)).toBe(false);
  });
});
