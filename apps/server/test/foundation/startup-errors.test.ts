/**
 * A bad setting stops the real server with one line saying what is wrong and what to do:
 * exit code 1, no stack trace, no password (issue 18.3); and a production PostgreSQL start
 * without Redis warns that rate limits are per instance (18.5).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embeddedOnly, needsPostgres } from '../helpers/build-test-app';
import { startServer } from '../proof/proc';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'vaultline-startup-')), REDIS_URL: '', DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

async function refusal(env: Record<string, string>): Promise<string> {
  const { code, stderr } = await start(env);
  expect(code).toBe(1);
  const lines = stderr.split('\n').filter((line) => line.trim() !== '');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(lines[0]).toMatch(/^Configuration error: /);
  return lines[0]!.replace(/^Configuration error: /, '');
}

describe('one line for a bad setting', { timeout: 120_000 }, () => {
  it('DATABASE_URL: another scheme, not a URL, nobody listening, an unknown host', embeddedOnly, async () => {
    expect(await refusal({ DATABASE_URL: 'mysql://root:secret@127.0.0.1/app' })).toBe(
      'DATABASE_URL must start with postgres:// or postgresql://, not mysql://: only PostgreSQL is supported (unset it for the embedded database).',
    );
    const notUrl = await refusal({ DATABASE_URL: 'host=db password=hunter2' });
    expect(notUrl).toMatch(/^DATABASE_URL is not a valid URL/);
    expect(notUrl).not.toContain('hunter2');
    const refused = await refusal({ DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/app' });
    expect(refused).toBe('DATABASE_URL: nothing is listening on 127.0.0.1:1 (connection refused). Start PostgreSQL there, or fix the host and port.');
    expect(await refusal({ DATABASE_URL: 'postgres://postgres@no-such-host.invalid:5432/app' })).toBe(
      'DATABASE_URL: the host of no-such-host.invalid:5432 cannot be found. Check the host name.',
    );
  });

  it('DATABASE_URL: a user PostgreSQL refuses, a database that does not exist', needsPostgres, async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const where = `${base.hostname}:${base.port || '5432'}`;
    base.username = 'no_such_role_vaultline';
    expect(await refusal({ DATABASE_URL: base.toString() })).toBe(
      `DATABASE_URL: PostgreSQL at ${where} refused user "no_such_role_vaultline" (authentication failed). Check the user name and password.`,
    );
    const missing = new URL(process.env.TEST_DATABASE_URL!);
    missing.pathname = '/vaultline_no_such_database';
    expect(await refusal({ DATABASE_URL: missing.toString() })).toBe(
      `DATABASE_URL: the database "vaultline_no_such_database" does not exist on ${where}. Create it (createdb vaultline_no_such_database) or name an existing one.`,
    );
  });

  it('DATA_DIR that is a file, or under a file; REDIS_URL that nobody answers', embeddedOnly, async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vaultline-file-')), 'plain.txt');
    writeFileSync(file, 'x');
    expect(await refusal({ DATA_DIR: file })).toBe(`DATA_DIR ${file} is not a directory: point DATA_DIR at a directory (it is created when missing).`);
    expect(await refusal({ DATA_DIR: path.join(file, 'data') })).toBe(`DATA_DIR ${path.join(file, 'data')} cannot be created: ${file} is not a directory.`);
    expect(await refusal({ REDIS_URL: 'redis://127.0.0.1:1' })).toMatch(
      /^REDIS_URL: Redis at 127\.0\.0\.1:1 cannot be used \(ECONNREFUSED\)\. Start it, fix the URL, or unset REDIS_URL to keep rate limits in this process\.$/,
    );
  });

  it('TRUST_PROXY that is neither a hop count nor addresses', embeddedOnly, async () => {
    expect(await refusal({ TRUST_PROXY: '10.0.0.0/33' })).toBe(
      'TRUST_PROXY must be false, a hop count (1) or a comma-separated list of proxy addresses or CIDR ranges (10.0.0.0/8): "10.0.0.0/33" has a prefix length outside 0-32.',
    );
  });

  it('TRUST_PROXY=true starts, warning once that it is read as one hop', needsPostgres, async () => {
    const server = await startServer(process.env.TEST_DATABASE_URL!, { LOG_LEVEL: 'warn', TRUST_PROXY: 'true' });
    try {
      const warnings = server.output().split('\n').filter((line) => line.includes('TRUST_PROXY=true is read as 1 (one proxy hop)'));
      expect(warnings).toHaveLength(1);
    } finally {
      await server.kill();
    }
  });

  it('production on PostgreSQL without REDIS_URL starts, warning once that rate limits are per instance', needsPostgres, async () => {
    const server = await startServer(process.env.TEST_DATABASE_URL!, { LOG_LEVEL: 'warn' });
    try {
      const warnings = server.output().split('\n').filter((line) => line.includes('rate limits are counted per instance'));
      expect(warnings).toHaveLength(1);
    } finally {
      await server.kill();
    }
  });
});
