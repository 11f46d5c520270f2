import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'vaultline-config-'));

describe('configuration', () => {
  it('needs nothing: defaults, and a secret key generated into DATA_DIR and reused', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, appUrl: 'http://localhost:3000', smtpUrl: undefined });
    expect(first.secretKey).toMatch(/^[0-9a-f]{64}$/);
    const keyFile = path.join(dataDir, 'secret.key');
    expect(readFileSync(keyFile, 'utf8')).toBe(first.secretKey);
    expect(statSync(keyFile).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKey).toBe(first.secretKey);
  });

  it('stops start-up with a clear message when PostgreSQL runs in production without SECRET_KEY', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db/app', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db/app', NODE_ENV: 'production' })).toThrow(/SECRET_KEY is required/);
    const config = loadConfig({ DATABASE_URL: 'postgres://db/app', NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40) });
    expect(config.secretKey).toBe('k'.repeat(40));
  });

  it('refuses a short SECRET_KEY, a bad PORT and half an admin', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), SECRET_KEY: 'short' })).toThrow(/at least 32/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADMIN_EMAIL: 'a@b.co' })).toThrow(/together/);
  });

  it('derives APP_URL from PORT unless set', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://invest.example.com/' }).appUrl).toBe('https://invest.example.com');
  });
});
